// What is published, and what answers with a redirect or a 410, derived from
// the validated records. Ordering here is the one every output shares.
import type { DeviceRecord } from "../schema/record.ts";

export interface Catalog {
  /** Published records, ordered by slug. */
  published: DeviceRecord[];
  /** Withdrawn records, ordered by slug: answered with 410 and the reason. */
  withdrawn: DeviceRecord[];
  /** Former slug -> current slug, for published and withdrawn records, ordered by former slug. */
  redirects: { from: string; to: string }[];
}

/** The day of a record's newest revision (the calendar's DTSTAMP; with the verdict's first day, the record's `updated`, derive/documents.ts). */
export function latestRevisionDay(r: DeviceRecord): string {
  return r.evidence.revisions.reduce((max, rev) => (rev.date > max ? rev.date : max), "");
}

const bySlug = (a: DeviceRecord, b: DeviceRecord) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

export function catalogOf(records: DeviceRecord[]): Catalog {
  const published = records.filter((r) => r.publication.state === "published").sort(bySlug);
  const withdrawn = records.filter((r) => r.publication.state === "withdrawn").sort(bySlug);
  const redirects = [...published, ...withdrawn].flatMap((r) => r.formerSlugs.map((from) => ({ from, to: r.slug }))).sort((a, b) => (a.from < b.from ? -1 : 1));
  return { published, withdrawn, redirects };
}
