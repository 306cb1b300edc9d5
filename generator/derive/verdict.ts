// The lifecycle verdict of a record as of a given day. Pure: same record and
// same day, same verdict. The wording never says or implies "secure": it speaks
// of updates the manufacturer documents, and shows uncertainty and scope.
import { DATED_FIELDS, type Commitment, type DeviceRecord, type Scope } from "../schema/record.ts";
import { addDays, describeDate, periodOf, positionOf } from "./dates.ts";

/** A documented end this close (in days) is "ending soon". */
export const SOON_DAYS = 180;

export const COMMITMENT_STATUSES = [
  "ended",
  "ending-soon",
  "continuing",
  "minimum-commitment",
  "minimum-passed",
  "announced-ceiling",
  "ceiling-passed",
  "unknown",
] as const;
export type CommitmentStatus = (typeof COMMITMENT_STATUSES)[number];

export const VERDICT_CODES = [
  "security-ended",
  "security-ending-soon",
  "security-only",
  "receiving-updates",
  "minimum-commitment",
  "announced-ceiling",
  "varies",
  "unknown",
] as const;
export type VerdictCode = (typeof VERDICT_CODES)[number];

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

/**
 * Only a documented end can make a commitment end or end soon. Without one, a
 * minimum that still holds is the strongest statement, then an announced
 * ceiling still ahead; once both have passed, nothing says whether updates go on.
 */
export function commitmentStatus(c: Commitment, today: string): CommitmentStatus {
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
  if (ceilingPos === "after") return "ceiling-passed";
  if (minPos === "after") return "minimum-passed";
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
  switch (status) {
    case "ended":
      return `ended ${end}`;
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
      return "no sourced end date or commitment";
  }
}

function kindVerdict(commitments: Commitment[], today: string): KindVerdict {
  const list = commitments.map((c) => {
    const status = commitmentStatus(c, today);
    return { id: c.id, status, coverage: describeCoverage(c), summary: summarize(c, status, today) };
  });
  const statuses = new Set(list.map((c) => c.status));
  return { status: statuses.size === 1 ? list[0]!.status : "varies", commitments: list };
}

function kindSentence(name: string, k: KindVerdict): string {
  if (k.commitments.length === 1) return `${name}: ${k.commitments[0]!.summary}.`;
  return `${name}: ${k.commitments.map((c) => `${c.coverage}: ${c.summary}`).join("; ")}.`;
}

/** The single "until" date worth showing on a badge, when every scope agrees. */
function headlineDate(r: DeviceRecord, field: "end" | "minimum" | "ceiling"): string | null {
  const shown = new Set(r.support.security.map((c) => describeDate(c[field])));
  return shown.size === 1 ? [...shown][0]! : null;
}

function untilLabel(what: string, relation: string, date: string | null, after = ""): string {
  return date ? `${what} ${relation} ${date}${after}` : `${what}; end varies by region or model`;
}

/** Evidence that no manufacturer or regulator stands behind: a verdict resting on it says "unconfirmed". */
const WEAK_EVIDENCE = new Set<string>(["third-party", "unverified"]);

/** The verdict on one day, without its period. */
function verdictOn(r: DeviceRecord, today: string): Omit<Verdict, "validFrom" | "validUntil"> {
  const os = kindVerdict(r.support.os, today);
  const security = kindVerdict(r.support.security, today);
  const osEnded = os.status === "ended";
  const updates = osEnded ? "security updates only" : "updates";
  let code: VerdictCode;
  let label: string;
  switch (security.status) {
    case "ended":
      code = "security-ended";
      label = "no security updates";
      break;
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
    case "unknown":
      code = "unknown";
      label = "support status unknown";
      break;
  }
  if (code !== "unknown" && r.support.security.some((c) => WEAK_EVIDENCE.has(c.evidenceLevel))) label += ", unconfirmed";
  const reason = `${kindSentence("Security updates", security)} ${kindSentence("OS updates", os)}`;
  return { code, label, reason, os, security };
}

/**
 * The days on which a commitment's status can change, from the precision-aware
 * periods: an end starts "ending soon" SOON_DAYS before its period begins and
 * has "ended" the day after it; a minimum or a ceiling has passed the day
 * after its period. Sorted, without duplicates.
 */
export function transitionDays(r: DeviceRecord): string[] {
  const days = new Set<string>();
  for (const c of [...r.support.os, ...r.support.security]) {
    for (const field of DATED_FIELDS) {
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
