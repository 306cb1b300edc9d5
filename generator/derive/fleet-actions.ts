// What a fleet manager should do about one device, from the device's
// verdict and the OS it runs together (issue 37): nothing; update the OS;
// replace or isolate the device (its hardware is past its last update); or
// check it by hand (the export does not say which device it is, or its
// record does not say). One rule, as a table of cases in fleet-actions.test.ts,
// for the fleet page, its report and the CLI. Pure: "today" is an argument
// (the page passes the reader's day, never the build's).
import { SOON_DAYS, type VerdictCode } from "../contract/verdicts.ts";
import type { OsJudgement } from "../contract/os-releases.ts";
import type { PartialDate } from "../schema/record.ts";
import { addDays, periodOf } from "./dates.ts";

export const ACTIONS = ["replace", "update-os", "check", "none"] as const;
export type ActionCode = (typeof ACTIONS)[number];

/** Each action in words, most urgent first (the page's counts follow this order). */
export const ACTION_WORDS: Record<ActionCode, string> = {
  replace: "Replace or isolate",
  "update-os": "Update the OS",
  check: "Check by hand",
  none: "Nothing to do yet",
};

/**
 * The kind of each verdict in plain words, with no date: a group of devices
 * is counted under these, never under one row's label (whose date belongs to
 * that row alone).
 */
export const VERDICT_KIND_WORDS: Record<VerdictCode, string> = {
  "security-ended": "No security updates any more",
  "security-ending-soon": "Security updates end within six months",
  "security-only": "Security updates only (no new OS versions)",
  "receiving-updates": "Gets updates, end date documented",
  "minimum-commitment": "Gets updates, promised at least until a date",
  "announced-ceiling": "Gets updates, up to an announced date",
  "commitment-passed": "Past its last promised date; status not documented",
  varies: "Varies by region or model",
  unknown: "Support status unknown",
};

/** What the export tells about the device, once matched (or not). */
export type DeviceFacts =
  | {
      kind: "matched";
      verdict: VerdictCode;
      /** The earliest documented end of security updates among its commitments (YYYY, YYYY-Qn, YYYY-MM or YYYY-MM-DD), or null. */
      securityEnd: string | null;
      /** The last OS version the hardware takes, in words ("iOS 18"), where its record documents one. */
      takes: string | null;
    }
  | { kind: "ambiguous" }
  | { kind: "unknown"; maker: string };

export interface ActionInput {
  device: DeviceFacts;
  /** The judgement of the OS the row runs, or null when the row names none. */
  os: OsJudgement | null;
  /** Google's Auto Update Expiration for this very device (YYYY-MM), or null. */
  aue: string | null;
  /** The reader's day, YYYY-MM-DD. */
  today: string;
}

export interface Action {
  code: ActionCode;
  /** By when: null when it is due now (or there is nothing to do); else the end that makes it due, as precise as its source. */
  by: string | null;
  /** Why, in plain words. */
  why: string;
}

/** The precision a date's shape implies. */
export function precisionOf(value: string): PartialDate["precision"] {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return "day";
  if (/^\d{4}-\d{2}$/.test(value)) return "month";
  if (/^\d{4}-Q[1-4]$/.test(value)) return "quarter";
  if (/^\d{4}$/.test(value)) return "year";
  return "unknown";
}

/** Where a dated end stands on `today`: past (its whole period is over), soon (within SOON_DAYS of it), or later. */
export function endStanding(value: string, today: string): "past" | "soon" | "later" {
  const p = periodOf({ value, precision: precisionOf(value) } as PartialDate);
  if (!p) return "later";
  if (p.last < today) return "past";
  return p.first <= addDays(today, SOON_DAYS) ? "soon" : "later";
}

/** The OS's own standing: ended, ending soon (by its end), or fine (patched, or not known). */
function osStanding(os: OsJudgement | null, today: string): "ended" | "soon" | "fine" {
  if (!os) return "fine";
  if (os.status === "ended") return "ended";
  if (os.securityEnd) {
    const s = endStanding(os.securityEnd, today);
    if (s === "past") return "ended";
    if (s === "soon") return "soon";
  }
  return os.status === "ending-soon" ? "soon" : "fine";
}

/** The row's action: the hardware first (an ended device is replaced whatever it runs), then its OS, then what is unknown. */
export function actionOf({ device, os, aue, today }: ActionInput): Action {
  const osState = osStanding(os, today);
  const osWhy = os ? ` Its OS, ${os.label}: ${os.headline}.` : "";
  // Google's AUE is Google's statement about this very Chromebook: it settles the hardware's end, matched or not.
  const hardwareEnd = aue ?? (device.kind === "matched" ? device.securityEnd : null);
  if (hardwareEnd) {
    const s = endStanding(hardwareEnd, today);
    const whose = aue ? "Google's Auto Update Expiration" : "Its security updates end";
    if (s === "past")
      return {
        code: "replace",
        by: null,
        why: `The device gets no more updates (${aue ? "Auto Update Expiration" : "security updates ended"} ${hardwareEnd}).`,
      };
    if (s === "soon") return { code: "replace", by: hardwareEnd, why: `${whose}: ${hardwareEnd}. Plan its replacement before then.` };
  }
  if (device.kind === "matched" && device.verdict === "security-ended") return { code: "replace", by: null, why: "The device gets no more security updates." };
  if (device.kind !== "matched" && !aue) {
    const what =
      device.kind === "ambiguous"
        ? "The export does not say which device this is."
        : `The catalog has no record of this ${device.maker || "device"} model yet.`;
    return { code: "check", by: osState === "soon" ? os!.securityEnd : null, why: `${what}${osWhy}` };
  }
  if (osState !== "fine") {
    const to = device.kind === "matched" && device.takes ? ` The device takes ${device.takes}.` : "";
    return { code: "update-os", by: osState === "soon" ? os!.securityEnd : null, why: `${os!.label}: ${os!.headline}.${to}` };
  }
  if (device.kind === "matched" && (device.verdict === "commitment-passed" || device.verdict === "unknown" || device.verdict === "varies"))
    return { code: "check", by: null, why: `${VERDICT_KIND_WORDS[device.verdict]}: see the device's record.${osWhy}` };
  return { code: "none", by: null, why: "" };
}
