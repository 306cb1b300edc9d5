// A curated record beside what endoflife.date says about it, field by field:
// same, compatible (one date lies within the other, or we know more without
// contradicting them), conflict, or resolved (a conflict the record itself
// answers). A conflict is resolved by a revision entry of the record whose
// `change` contains the row's resolution text, which names the file, the
// release, the field and their value: when endoflife.date changes that value,
// the conflict is open again. Pure.
import { DATED_FIELDS, type Commitment, type DeviceRecord, type PartialDate } from "../generator/schema/record.ts";
import { describeDate, periodOf } from "../generator/derive/dates.ts";
import { releasedOf, type ReleaseReading, type Statement } from "./endoflife-readings.ts";

export type Status = "same" | "compatible" | "conflict" | "resolved";

export interface FieldRow {
  /** "released", or support kind and commitment id: "security.security-years". */
  field: string;
  /** Where the field is in the record: "released", "support.security[0]". */
  path: string;
  ours: string;
  theirs: string;
  /** Their source comment, as written beside the value in the YAML. */
  comment: string;
  line: number;
  status: Status;
  /** Why the row is not "same", in a few words. */
  why?: string;
  /** What a revision entry's `change` must contain to resolve the row. */
  resolveWith: string;
  resolution?: { date: string; change: string; reason: string };
}

function describeStatement(s: Statement, commitDate: string): string {
  switch (s.status) {
    case "dated":
      return `${s.kind} ${describeDate(s.date)}`;
    case "estimate":
      return `estimate ${describeDate(s.date)} (not recorded)`;
    case "supported":
      return `continuing on ${commitDate}, no date`;
    case "ended":
      return "ended, no date";
  }
}

const datedOf = (c: Commitment) => DATED_FIELDS.flatMap((f) => (c[f] && c[f]!.precision !== "unknown" ? [{ field: f, date: c[f]! }] : []));

/** A commitment in the report's words: its dates, and the status it states without one. */
export function describeCommitment(c: Commitment): string {
  const parts = [
    ...(c.ended ? [c.lastUpdate ? "ended" : "ended, no date"] : []),
    ...datedOf(c).map((d) => `${d.field} ${describeDate(d.date)}`),
    ...(c.supportedOn ? [`continuing on ${c.supportedOn}`] : []),
  ];
  return parts.length ? parts.join(", ") : "unknown";
}

/** Equal, nested (one period within the other) or apart. */
function compareDates(a: PartialDate, b: PartialDate): "same" | "nested" | "apart" {
  if (a.value === b.value && a.precision === b.precision) return "same";
  const p = periodOf(a)!;
  const q = periodOf(b)!;
  return (p.first >= q.first && p.last <= q.last) || (q.first >= p.first && q.last <= p.last) ? "nested" : "apart";
}

function statusOf(theirs: Statement, c: Commitment, commitDate: string): { status: Exclude<Status, "resolved">; why?: string } {
  const ours = datedOf(c);
  const status = theirs.status === "estimate" ? theirs.implies! : theirs.status;
  switch (status) {
    case "dated": {
      const same = ours.find((o) => o.field === theirs.kind);
      if (same) {
        const cmp = compareDates(same.date, theirs.date!);
        if (cmp === "same") return { status: "same" };
        if (cmp === "nested") return { status: "compatible", why: "one date lies within the other" };
        return { status: "conflict", why: `their ${theirs.kind} differs from ours` };
      }
      // An observed last update is compatible with a documented end it does not pass: updates stopped by then.
      const end = ours.find((o) => o.field === "end");
      if (theirs.kind === "lastUpdate" && end && periodOf(theirs.date!)!.first <= periodOf(end.date)!.last)
        return { status: "compatible", why: "their last observed update is no later than our documented end" };
      if (ours.length)
        return {
          status: "conflict",
          why: `they record a${theirs.kind === "end" ? "n" : ""} ${theirs.kind}; we record ${ours.map((o) => o.field).join(" and ")}`,
        };
      return { status: "conflict", why: "they give a date; we record none" };
    }
    case "supported": {
      if (c.ended) return { status: "conflict", why: `they list it as continuing on ${commitDate}; we record it as ended` };
      const ended = ours.find((o) => o.field === "end" && periodOf(o.date)!.last < commitDate);
      if (ended) return { status: "conflict", why: `they list it as continuing on ${commitDate}; our end is earlier` };
      if (c.supportedOn) return { status: "same" };
      return ours.length
        ? { status: "compatible", why: "we record a date; they record none yet" }
        : { status: "compatible", why: `they list it as continuing on ${commitDate}; we record no status` };
    }
    case "ended": {
      if (c.supportedOn) return { status: "conflict", why: `they mark it ended by ${commitDate}; we list it as continuing` };
      const later = ours.find((o) => o.field !== "ceiling" && o.field !== "lastUpdate" && periodOf(o.date)!.first > commitDate);
      if (later) return { status: "conflict", why: `they mark it ended by ${commitDate}; our ${later.field} is later` };
      if (c.ended) return { status: "same" };
      return ours.length
        ? { status: "compatible", why: "we record a date; they mark it ended without one" }
        : { status: "conflict", why: "they mark it ended; we record neither a date nor that it ended" };
    }
  }
}

/** The commitments a statement speaks about: those for the same component, else all of that kind. */
function candidates(record: DeviceRecord, s: Statement): { c: Commitment; index: number }[] {
  const all = record.support[s.support].map((c, index) => ({ c, index }));
  const same = all.filter(({ c }) => (c.component ?? "").toLowerCase() === (s.component ?? "").toLowerCase());
  return same.length ? same : all;
}

export function reconcile(reading: ReleaseReading, record: DeviceRecord, commitDate: string): FieldRow[] {
  const where = `endoflife.date ${reading.product.mapping.file}#${reading.release.cycle}`;
  const rows: Omit<FieldRow, "resolveWith">[] = [];
  const released = reading.release.releaseDate;
  const theirReleased = releasedOf(released);
  const cmp = compareDates(record.released.precision === "unknown" ? theirReleased : record.released, theirReleased);
  rows.push({
    field: "released",
    path: "released",
    ours: describeDate(record.released),
    theirs: describeDate(theirReleased),
    comment: released.comment,
    line: released.line,
    ...(record.released.precision === "unknown"
      ? { status: "conflict" as const, why: "they give a date; we record none" }
      : cmp === "same"
        ? { status: "same" as const }
        : cmp === "nested"
          ? { status: "compatible" as const, why: "one date lies within the other" }
          : { status: "conflict" as const, why: "release dates differ" }),
  });
  for (const s of [reading.os, reading.security]) {
    if (!s) continue;
    for (const { c, index } of candidates(record, s))
      rows.push({
        field: `${s.support}.${c.id}`,
        path: `support.${s.support}[${index}]`,
        ours: describeCommitment(c),
        theirs: describeStatement(s, commitDate),
        comment: s.cell.comment,
        line: s.cell.line,
        ...statusOf(s, c, commitDate),
      });
  }
  return rows.map((row) => {
    const resolveWith = `${where} ${row.field}: ${row.theirs}`;
    if (row.status !== "conflict") return { ...row, resolveWith };
    const revision = record.evidence.revisions.find((v) => v.change.includes(resolveWith));
    return revision ? { ...row, status: "resolved", resolveWith, resolution: { ...revision } } : { ...row, resolveWith };
  });
}
