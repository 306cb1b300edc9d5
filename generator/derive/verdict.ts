// The lifecycle verdict of a record as of a given day. Pure: same record and
// same day, same verdict. The wording never says or implies "secure": it speaks
// of updates the manufacturer documents, and shows uncertainty and scope.
import { HORIZON_FIELDS, type Commitment, type DeviceRecord, type Scope } from "../schema/record.ts";
import { addDays, describeDate, periodOf, positionOf } from "./dates.ts";
import { CONFIRMATION_DAYS, SOON_DAYS, type CommitmentStatus, type VerdictCode } from "../contract/verdicts.ts";

export interface CommitmentVerdict {
  id: string;
  status: CommitmentStatus;
  coverage: string;
  summary: string;
}

export interface KindVerdict {
  /** One status when every scope agrees, otherwise "varies". */
  status: CommitmentStatus | "varies";
  commitments: CommitmentVerdict[];
}

export interface Verdict {
  code: VerdictCode;
  label: string;
  reason: string;
  /** The first day this verdict holds (the day after the last change the record's dates bring), or null when no earlier change is derivable. */
  validFrom: string | null;
  /** The last day it holds (the day before the next change the record's dates bring), or null when none is ahead. */
  validUntil: string | null;
  os: KindVerdict;
  security: KindVerdict;
}

/** The statuses that say support has ended: with a documented end, an observed last update, or no date. */
export const ENDED_STATUSES: ReadonlySet<CommitmentStatus | "varies"> = new Set(["ended", "ended-observed", "ended-undated"]);

/** The last day a listing of support as continuing is read as current. */
const confirmedUntil = (c: Commitment) => (c.supportedOn ? addDays(c.supportedOn, CONFIRMATION_DAYS) : null);

/**
 * A source that says support has ended makes it ended, with or without a
 * date. Otherwise only a documented end can make a commitment end or end
 * soon. Without one, a minimum that still holds is the strongest statement,
 * then an announced ceiling still ahead, then a recent listing of support as
 * continuing; once all have passed, the commitment is past its last statement.
 */
export function commitmentStatus(c: Commitment, today: string): CommitmentStatus {
  if (c.ended) return c.lastUpdate && c.lastUpdate.precision !== "unknown" ? "ended-observed" : "ended-undated";
  const endPos = positionOf(today, c.end);
  if (endPos === "after") return "ended";
  if (endPos === "within") return "ending-soon";
  if (endPos === "before") {
    // Soon means the earliest day the end can mean is within SOON_DAYS.
    return positionOf(addDays(today, SOON_DAYS), c.end) === "before" ? "continuing" : "ending-soon";
  }
  const minPos = positionOf(today, c.minimum);
  if (minPos === "before" || minPos === "within") return "minimum-commitment";
  const ceilingPos = positionOf(today, c.ceiling);
  if (ceilingPos === "before" || ceilingPos === "within") return "announced-ceiling";
  const confirmed = confirmedUntil(c);
  if (confirmed && today <= confirmed) return "listed-continuing";
  if (ceilingPos === "after") return "ceiling-passed";
  if (minPos === "after") return "minimum-passed";
  if (confirmed) return "confirmation-passed";
  return "unknown";
}

/** Scope and component in words, e.g. "regions US; component firmware and drivers". */
export function describeCoverage(c: Pick<Commitment, "scope" | "component">): string {
  const scope = describeScope(c.scope);
  return c.component ? `${scope === "all variants" ? "" : `${scope}; `}${c.component}` : scope;
}

export function describeScope(s: Scope): string {
  const parts: string[] = [];
  if (s.models) parts.push(`models ${s.models.join(", ")}`);
  if (s.regions) parts.push(`regions ${s.regions.join(", ")}`);
  if (s.carriers) parts.push(`carriers ${s.carriers.join(", ")}`);
  return parts.length ? parts.join("; ") : "all variants";
}

function summarize(c: Commitment, status: CommitmentStatus, today: string): string {
  const end = describeDate(c.end);
  const min = describeDate(c.minimum);
  const ceiling = describeDate(c.ceiling);
  // A ceiling beside a minimum is said too: "at least until" and "up to" bound the same support from both sides.
  const announced = c.ceiling ? `; announced up to ${ceiling} (a ceiling, not a commitment)` : "";
  const minimumPassed = positionOf(today, c.minimum) === "after" ? `; the minimum commitment (${min}) has passed` : "";
  const observed = c.lastUpdate ? `; last update observed ${describeDate(c.lastUpdate)}` : "";
  switch (status) {
    case "ended":
      return `ended ${end}`;
    case "ended-observed":
      return `ended; last update observed ${describeDate(c.lastUpdate)} (an observation, not an announced end)`;
    case "ended-undated":
      return "ended; end date not documented";
    case "listed-continuing":
      return `no documented end; listed as continuing on ${c.supportedOn}${observed}`;
    case "confirmation-passed":
      return `no documented end; last listed as continuing on ${c.supportedOn}${observed}, so the current status is not documented`;
    case "ending-soon":
      return `ends ${end}`;
    case "continuing":
      return `documented end ${end}`;
    case "minimum-commitment":
      return `no documented end; committed at least until ${min}${announced}`;
    case "minimum-passed":
      return `no documented end; the minimum commitment (${min}) has passed`;
    case "announced-ceiling":
      return `no documented end; announced up to ${ceiling} (a ceiling, not a commitment)${minimumPassed}`;
    case "ceiling-passed":
      return `no documented end; the announced ceiling (${ceiling}) has passed${minimumPassed}, so whether updates continue is unknown`;
    case "unknown":
      return `no sourced end date or commitment${observed}`;
  }
}

function kindVerdict(commitments: Commitment[], today: string): KindVerdict {
  const list = commitments.map((c) => {
    const status = commitmentStatus(c, today);
    return { id: c.id, status, coverage: describeCoverage(c), summary: summarize(c, status, today) };
  });
  return { status: agreedStatus(new Set(list.map((c) => c.status))), commitments: list };
}

/**
 * One status when every scope agrees. Scopes that all say ended (with a
 * documented end, an observed last update or no date) agree that support
 * ended; scopes that all go on (to a documented end, or listed as continuing)
 * agree that it goes on: the verdict says so rather than "varies".
 */
function agreedStatus(statuses: Set<CommitmentStatus>): CommitmentStatus | "varies" {
  const all = [...statuses];
  if (all.length === 1) return all[0]!;
  // The strongest ended status present: a documented end, then an observed last update, then none (ENDED_STATUSES' order).
  if (all.every((s) => ENDED_STATUSES.has(s))) return [...ENDED_STATUSES].find((s) => statuses.has(s as CommitmentStatus)) as CommitmentStatus;
  if (all.every((s) => s === "continuing" || s === "listed-continuing")) return "continuing";
  return "varies";
}

function kindSentence(name: string, k: KindVerdict): string {
  if (k.commitments.length === 1) return `${name}: ${k.commitments[0]!.summary}.`;
  return `${name}: ${k.commitments.map((c) => `${c.coverage}: ${c.summary}`).join("; ")}.`;
}

/** The single date worth showing on a badge, when every scope agrees. */
function headlineDate(r: DeviceRecord, field: "end" | "minimum" | "ceiling" | "lastUpdate" | "supportedOn"): string | null {
  const shown = new Set(r.support.security.map((c) => (field === "supportedOn" ? (c.supportedOn ?? "") : describeDate(c[field]))));
  return shown.size === 1 && ![...shown][0]!.startsWith("unknown") && [...shown][0] !== "" ? [...shown][0]! : null;
}

/** The last statement a lapsed commitment made (its minimum, ceiling or listing, the latest to pass), when every scope agrees. */
function lapsedDate(r: DeviceRecord): string | null {
  const shown = new Set(
    r.support.security.map((c) => {
      const dates = [c.minimum, c.ceiling, c.supportedOn ? { value: c.supportedOn, precision: "day" as const } : undefined];
      const latest = dates
        .flatMap((d) => (d && periodOf(d) ? [{ d, last: periodOf(d)!.last }] : []))
        .sort((a, b) => (a.last < b.last ? -1 : 1))
        .at(-1);
      return latest ? describeDate(latest.d) : "";
    }),
  );
  return shown.size === 1 && [...shown][0] !== "" ? [...shown][0]! : null;
}

function untilLabel(what: string, relation: string, date: string | null, after = ""): string {
  return date ? `${what} ${relation} ${date}${after}` : `${what}; end varies by region or model`;
}

/** Evidence that no manufacturer or regulator stands behind: a verdict resting on it says "unconfirmed". */
export const WEAK_EVIDENCE: ReadonlySet<string> = new Set(["third-party", "unverified"]);

/** The verdict on one day, without its period. */
function verdictOn(r: DeviceRecord, today: string): Omit<Verdict, "validFrom" | "validUntil"> {
  const os = kindVerdict(r.support.os, today);
  const security = kindVerdict(r.support.security, today);
  const osEnded = ENDED_STATUSES.has(os.status);
  const updates = osEnded ? "security updates only" : "updates";
  let code: VerdictCode;
  let label: string;
  switch (security.status) {
    case "ended":
      code = "security-ended";
      label = "no security updates";
      break;
    case "ended-observed": {
      code = "security-ended";
      const last = headlineDate(r, "lastUpdate");
      label = last ? `no security updates; last update observed ${last}` : "no security updates; last update varies by region or model";
      break;
    }
    case "ended-undated":
      code = "security-ended";
      label = "no security updates; end date not documented";
      break;
    case "listed-continuing": {
      code = osEnded ? "security-only" : "receiving-updates";
      const listed = headlineDate(r, "supportedOn");
      label = `${updates} continuing; ${listed ? `listed on ${listed}` : "listed on days that vary by region or model"}`;
      break;
    }
    case "ending-soon":
      code = "security-ending-soon";
      label = `security updates end ${headlineDate(r, "end") ?? "soon"}`;
      break;
    case "continuing":
      code = osEnded ? "security-only" : "receiving-updates";
      label = untilLabel(updates, "until", headlineDate(r, "end"));
      break;
    case "minimum-commitment":
      code = osEnded ? "security-only" : "minimum-commitment";
      label = untilLabel(updates, "at least until", headlineDate(r, "minimum"));
      break;
    case "announced-ceiling":
      code = osEnded ? "security-only" : "announced-ceiling";
      label = untilLabel(updates, "up to", headlineDate(r, "ceiling"), ", announced");
      break;
    case "varies":
      code = "varies";
      label = new Set(r.support.security.map((c) => JSON.stringify(c.scope))).size > 1 ? "varies by region or model" : "varies by component";
      break;
    case "minimum-passed":
    case "ceiling-passed":
    case "confirmation-passed": {
      code = "commitment-passed";
      const last = lapsedDate(r);
      label = `past its last commitment${last ? `, ${last}` : ""}; current status not documented`;
      break;
    }
    case "unknown":
      code = "unknown";
      label = "support status unknown";
      break;
  }
  if (code !== "unknown" && code !== "commitment-passed" && r.support.security.some((c) => WEAK_EVIDENCE.has(c.evidenceLevel))) label += ", unconfirmed";
  const reason = `${kindSentence("Security updates", security)} ${kindSentence("OS updates", os)}`;
  return { code, label, reason, os, security };
}

/**
 * The days on which a commitment's status can change, from the precision-aware
 * periods: an end starts "ending soon" SOON_DAYS before its period begins and
 * has "ended" the day after it; a minimum or a ceiling has passed the day
 * after its period, and a listing of support as continuing lapses
 * CONFIRMATION_DAYS after its day. Sorted, without duplicates.
 */
export function transitionDays(r: DeviceRecord): string[] {
  const days = new Set<string>();
  for (const c of [...r.support.os, ...r.support.security]) {
    const confirmed = confirmedUntil(c);
    if (confirmed) days.add(addDays(confirmed, 1));
    for (const field of HORIZON_FIELDS) {
      const p = c[field] ? periodOf(c[field]) : null;
      if (!p) continue;
      if (field === "end") days.add(addDays(p.first, -SOON_DAYS));
      days.add(addDays(p.last, 1));
    }
  }
  return [...days].sort();
}

/**
 * The lifecycle verdict of a record on `today`, with the period in which it
 * holds. The verdict is the same on every day of that period, so an output
 * that carries it changes only when the period does: a daily rebuild
 * rewrites a record only on the day its verdict changes.
 */
export function verdictOf(r: DeviceRecord, today: string): Verdict {
  // Asked for by several outputs of each record (its document, badge, page, description): computed once per record and day.
  let byDay = verdicts.get(r);
  if (!byDay) verdicts.set(r, (byDay = new Map()));
  let verdict = byDay.get(today);
  if (!verdict) byDay.set(today, (verdict = computeVerdict(r, today)));
  return verdict;
}

const verdicts = new WeakMap<DeviceRecord, Map<string, Verdict>>();

function computeVerdict(r: DeviceRecord, today: string): Verdict {
  const v = verdictOn(r, today);
  const key = JSON.stringify(v);
  const same = (day: string) => JSON.stringify(verdictOn(r, day)) === key;
  const days = transitionDays(r);
  // The verdict is constant between two transition days, so one probe on each side of a transition tells whether it changes there.
  const since =
    days
      .filter((d) => d <= today)
      .reverse()
      .find((d) => !same(addDays(d, -1))) ?? null;
  const next = days.find((d) => d > today && !same(d));
  return { ...v, validFrom: since, validUntil: next ? addDays(next, -1) : null };
}
