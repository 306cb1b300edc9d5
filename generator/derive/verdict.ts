// The lifecycle verdict of a record as of a given day. Pure: same record and
// same day, same verdict. The wording never says or implies "secure": it speaks
// of updates the manufacturer documents, and shows uncertainty and scope.
import { HORIZON_FIELDS, type Commitment, type DeviceRecord, type Scope } from "../schema/record.ts";
import { addDays, describeDate, periodOf, positionOf } from "./dates.ts";
import { CONFIRMATION_DAYS, OS_COMPONENTS, SOON_DAYS, type CommitmentStatus, type VerdictCode } from "../contract/verdicts.ts";

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
  /**
   * When the security commitments date parts of the software separately, the
   * part that decides the code and label (the OS component, e.g. "Windows")
   * and its status; absent when the commitments cover the whole device.
   */
  decidedBy?: { component: string; status: CommitmentStatus | "varies" };
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
function headlineDate(cs: Commitment[], field: "end" | "minimum" | "ceiling" | "lastUpdate" | "supportedOn"): string | null {
  const shown = new Set(cs.map((c) => (field === "supportedOn" ? (c.supportedOn ?? "") : describeDate(c[field]))));
  return shown.size === 1 && ![...shown][0]!.startsWith("unknown") && [...shown][0] !== "" ? [...shown][0]! : null;
}

/** The last statement a lapsed commitment made (its minimum, ceiling or listing, the latest to pass), when every scope agrees. */
function lapsedDate(cs: Commitment[]): string | null {
  const shown = new Set(
    cs.map((c) => {
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

/** What a component's updates are called in a label: "firmware and driver updates", "Windows security updates". */
function componentUpdates(component: string): string {
  if (OS_COMPONENTS.includes(component)) return `${component} security updates`;
  return component === "firmware and drivers" ? "firmware and driver updates" : `${component} updates`;
}

/**
 * The code and label of security commitments in one status. `subject` names
 * a component's updates ("Windows security updates"); without it the
 * commitments cover the whole device and the label keeps its plain words.
 */
function headline(cs: Commitment[], status: CommitmentStatus | "varies", osEnded: boolean, subject?: string): { code: VerdictCode; label: string } {
  const updates = subject ?? (osEnded ? "security updates only" : "updates");
  const date = (field: Parameters<typeof headlineDate>[1]) => headlineDate(cs, field);
  switch (status) {
    case "ended": {
      const end = subject ? date("end") : null;
      return { code: "security-ended", label: subject ? `${subject} ended${end ? ` ${end}` : "; end varies by region or model"}` : "no security updates" };
    }
    case "ended-observed": {
      const last = date("lastUpdate");
      const lead = subject ? `${subject} ended` : "no security updates";
      return { code: "security-ended", label: last ? `${lead}; last update observed ${last}` : `${lead}; last update varies by region or model` };
    }
    case "ended-undated":
      return { code: "security-ended", label: `${subject ? `${subject} ended` : "no security updates"}; end date not documented` };
    case "listed-continuing": {
      const listed = date("supportedOn");
      return {
        code: osEnded ? "security-only" : "receiving-updates",
        label: `${updates} continuing; ${listed ? `listed on ${listed}` : "listed on days that vary by region or model"}`,
      };
    }
    case "ending-soon":
      return { code: "security-ending-soon", label: `${subject ?? "security updates"} end ${date("end") ?? "soon"}` };
    case "continuing":
      return { code: osEnded ? "security-only" : "receiving-updates", label: untilLabel(updates, "until", date("end")) };
    case "minimum-commitment":
      return { code: osEnded ? "security-only" : "minimum-commitment", label: untilLabel(updates, "at least until", date("minimum")) };
    case "announced-ceiling":
      return { code: osEnded ? "security-only" : "announced-ceiling", label: untilLabel(updates, "up to", date("ceiling"), ", announced") };
    case "varies": {
      const by = new Set(cs.map((c) => JSON.stringify(c.scope))).size > 1 ? "varies by region or model" : "varies by component";
      return { code: "varies", label: subject ? `${subject}: ${by}` : by };
    }
    case "minimum-passed":
    case "ceiling-passed":
    case "confirmation-passed": {
      const last = lapsedDate(cs);
      return {
        code: "commitment-passed",
        label: `${subject ? `${subject}: ` : ""}past its last commitment${last ? `, ${last}` : ""}; current status not documented`,
      };
    }
    case "unknown":
      return { code: "unknown", label: subject ? `${subject}: status not documented` : "support status unknown" };
  }
}

/** Evidence that no manufacturer or regulator stands behind: a verdict resting on it says "unconfirmed". */
export const WEAK_EVIDENCE: ReadonlySet<string> = new Set(["third-party", "unverified"]);

/**
 * The commitments that decide the verdict, grouped by component. Commitments
 * for the whole device decide alone. When the security commitments date parts
 * of the software separately, the OS component decides (its updates are the
 * device's security updates) and every other part is said after it, so that
 * firmware ending never reads as "no security updates"; with no OS component,
 * each part is named.
 */
function decidingParts(security: Commitment[]): { deciding: Commitment[]; component?: string; others: [string, Commitment[]][] } {
  const byComponent = new Map<string, Commitment[]>();
  for (const c of security) byComponent.set(c.component ?? "", [...(byComponent.get(c.component ?? "") ?? []), c]);
  if (byComponent.has("")) return { deciding: security, others: [] };
  const parts = [...byComponent];
  const os = parts.find(([component]) => OS_COMPONENTS.includes(component)) ?? parts[0]!;
  return { deciding: os[1], component: os[0], others: parts.filter((p) => p !== os) };
}

/**
 * The markets the deciding commitments speak for, when every one of them is
 * scoped to named markets and the record is sold beyond them (a variant's
 * "GLOBAL", or a market none names); otherwise null. Xiaomi's end-of-support
 * list names a phone per market: what it says of India is not said of Europe.
 */
export function marketsSpokenFor(r: Pick<DeviceRecord, "variants">, cs: Commitment[]): string[] | null {
  if (!cs.length || cs.some((c) => !c.scope.regions)) return null;
  const covered = new Set(cs.flatMap((c) => c.scope.regions!));
  if (covered.has("GLOBAL")) return null;
  return r.variants.some((v) => v.regions.some((m) => !covered.has(m))) ? [...covered].sort() : null;
}

/** The verdict on one day, without its period. */
function verdictOn(r: DeviceRecord, today: string): Omit<Verdict, "validFrom" | "validUntil"> {
  const os = kindVerdict(r.support.os, today);
  const security = kindVerdict(r.support.security, today);
  // Statements for some markets only: their status holds there, and elsewhere nothing is documented, so no single verdict.
  const markets = marketsSpokenFor(r, r.support.security);
  if (markets && security.status !== "unknown") {
    const { label } = headline(r.support.security, security.status, ENDED_STATUSES.has(os.status));
    return {
      code: "varies",
      label: `in ${markets.join(", ")}: ${label}; other markets not documented`,
      reason: `${kindSentence("Security updates", security)} Other markets: no sourced end date or commitment. ${kindSentence("OS updates", os)}`,
      os,
      security: { ...security, status: "varies" },
    };
  }
  const osEnded = ENDED_STATUSES.has(os.status);
  const parts = decidingParts(r.support.security);
  const statusOfPart = (cs: Commitment[]) => (cs.length === r.support.security.length ? security.status : kindVerdict(cs, today).status);
  const decided = statusOfPart(parts.deciding);
  let { code, label } = headline(parts.deciding, decided, osEnded, parts.component && componentUpdates(parts.component));
  for (const [component, cs] of parts.others) label += `; ${headline(cs, statusOfPart(cs), false, componentUpdates(component)).label}`;
  if (code !== "unknown" && code !== "commitment-passed" && parts.deciding.some((c) => WEAK_EVIDENCE.has(c.evidenceLevel))) label += ", unconfirmed";
  const reason = `${kindSentence("Security updates", security)} ${kindSentence("OS updates", os)}`;
  return { code, label, reason, os, security, ...(parts.component ? { decidedBy: { component: parts.component, status: decided } } : {}) };
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
