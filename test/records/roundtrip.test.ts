// Every published record survives the trip canonical data → API JSON: each
// input fact is still there, in the record or the evidence endpoint.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DeviceRecord } from "../../generator/schema/record.ts";
import { FIXTURES, buildTo } from "../helpers/build.ts";

const CATALOGS = [FIXTURES, path.resolve(import.meta.dirname, "../../data")].filter((d) => existsSync(path.join(d, "devices")));

const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

describe.each(CATALOGS)("round trip of %s", async (dataDir) => {
  const { outDir } = await buildTo(dataDir);
  const records = readdirSync(path.join(dataDir, "devices"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(dataDir, "devices", f), "utf8"))));
  const read = (p: string) => JSON.parse(readFileSync(path.join(outDir, p), "utf8"));

  it.each(records.filter((r) => r.publication.state === "published").map((r) => [r.slug, r] as const))("%s: every input fact is in the API", (slug, r) => {
    const doc = read(`api/v1/devices/${slug}.json`);
    const ev = read(`api/v1/evidence/${slug}.json`);
    const stripStatus = (cs: any[]) => cs.map(({ status, ...c }) => c);
    const rebuilt = {
      slug: doc.slug,
      name: doc.name,
      manufacturer: doc.manufacturer,
      deviceType: doc.deviceType,
      aliases: doc.aliases,
      formerSlugs: doc.formerSlugs,
      released: doc.released,
      ...(doc.osVersions ? { osVersions: doc.osVersions } : {}),
      variants: doc.variants,
      caveats: doc.caveats,
      support: { os: stripStatus(doc.support.os), security: stripStatus(doc.support.security) },
      evidence: {
        sources: ev.sources,
        recallReview: ev.recallReview.map(({ statement, ...rr }: any) => rr),
        repairability: ev.repairability,
        revisions: [...ev.revisions].sort(byDate),
      },
    };
    const { $schema, publication, ...expected } = r;
    expect(rebuilt).toEqual({ ...expected, evidence: { ...expected.evidence, revisions: [...expected.evidence.revisions].sort(byDate) } });
    expect(doc.links.page).toMatch(new RegExp(`/devices/${slug}$`));
    expect(doc.attribution.license.version).toBe("1");
  });

  it("drafts and withdrawn records are not published as records", () => {
    for (const r of records.filter((x) => x.publication.state !== "published")) {
      expect(existsSync(path.join(outDir, `api/v1/devices/${r.slug}.json`))).toBe(false);
      expect(existsSync(path.join(outDir, `devices/${r.slug}.html`))).toBe(false);
    }
  });
});
