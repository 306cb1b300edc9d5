// The verdict in plain words, for people who do not read lifecycle codes: a
// school's IT person, a refurbisher. "Gets security updates; Apple names no
// end date" stands first wherever a verdict is shown (the device page, the
// badge, the fleet page, the CLI and the fleet report); the precise label,
// code, dates and sources stay under it. Pure: it words the verdict of
// verdict.ts, it decides nothing.
import type { Commitment, DeviceRecord, PartialDate } from "../schema/record.ts";
import { plainDate } from "./dates.ts";
import { ENDED_STATUSES, marketsSpokenFor, WEAK_EVIDENCE, type Verdict } from "./verdict.ts";

const REGION_NAMES = new Intl.DisplayNames(["en"], { type: "region" });
/** "IN" → "India"; "EU", "EEA" as people say them. */
const marketName = (m: string) => (m === "EEA" ? "the European Economic Area" : m === "EU" ? "the European Union" : (REGION_NAMES.of(m) ?? m));
/** "A", "A and B", "A, B and C". */
export const listed = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** A date in a sentence: "on 12 October 2027", "in October 2027", "in 2027". */
const onOrIn = (d: PartialDate | undefined) => {
  const text = plainDate(d);
  return text === null ? null : `${d?.precision === "day" ? "on" : "in"} ${text}`;
};

/** The headline of a record's verdict. */
export function verdictHeadline(
  v: Pick<Verdict, "code" | "label" | "os" | "security" | "decidedBy">,
  r: Pick<DeviceRecord, "manufacturer" | "support" | "variants">,
): string {
  // A record that dates parts of its software separately is worded by the part that decides its verdict (Windows, not firmware).
  const part = v.decidedBy;
  const status = part?.status ?? v.security.status;
  // The commitments that decide the verdict: those in the kind's own status (of the deciding part, if any).
  const deciding = r.support.security.filter(
    (c) => (!part || c.component === part.component) && v.security.commitments.some((x) => x.id === c.id && x.status === status),
  );
  /** The one date the deciding commitments agree on ("October 2027", or "in October 2027" in a sentence), or words saying it varies. */
  const agreed = (pick: (c: Commitment) => PartialDate | undefined, inSentence = false) => {
    const shown = new Set(deciding.map((c) => (inSentence ? onOrIn : plainDate)(pick(c))));
    if (shown.size === 1 && !shown.has(null)) return [...shown][0]!;
    return inSentence ? "on dates that vary by region or model" : "a date that varies by region or model";
  };
  const supportedOn = (c: Commitment) => (c.supportedOn ? ({ value: c.supportedOn, precision: "day" } as const) : undefined);
  const maker = r.manufacturer;
  const makers = maker.endsWith("s") ? `${maker}'` : `${maker}'s`;
  const weak =
    v.code !== "unknown" &&
    v.code !== "commitment-passed" &&
    r.support.security.some((c) => (!part || c.component === part.component) && WEAK_EVIDENCE.has(c.evidenceLevel));
  const noUpgrades = ENDED_STATUSES.has(v.os.status) ? "; no more OS upgrades" : "";
  let text: string;
  switch (status) {
    case "ended":
      text = `No security updates since ${agreed((c) => c.end)}`;
      break;
    case "ended-observed":
      text = `No security updates; the last one seen came ${agreed((c) => c.lastUpdate, true)}`;
      break;
    case "ended-undated":
      text = "No security updates; when they ended is not documented";
      break;
    case "ending-soon":
      text = `Security updates end soon, ${agreed((c) => c.end, true)}`;
      break;
    case "continuing":
      text = `Gets security updates until ${agreed((c) => c.end)}${noUpgrades}`;
      break;
    case "listed-continuing":
      // Only a maker's own list says what the maker names; a third party's listing says no more than that none is documented.
      text = `Gets security updates; ${weak ? "no end date is documented" : `${maker} names no end date`}${noUpgrades}`;
      break;
    case "minimum-commitment":
      text = `Gets security updates; ${maker} promises them at least until ${agreed((c) => c.minimum)}${noUpgrades}`;
      break;
    case "announced-ceiling":
      text = `Gets security updates; ${maker} aims to give them up to ${agreed((c) => c.ceiling)}, not a promise${noUpgrades}`;
      break;
    case "minimum-passed":
      text = `Current status not documented: ${makers} promise ran out ${agreed((c) => c.minimum, true)}`;
      break;
    case "ceiling-passed":
      text = `Current status not documented: ${makers} stated aim ran out ${agreed((c) => c.ceiling, true)}`;
      break;
    case "confirmation-passed":
      text = `Current status not documented: last listed as getting security updates ${agreed(supportedOn, true)}`;
      break;
    case "varies": {
      const markets = marketsSpokenFor(r, r.support.security);
      text = markets
        ? `Depends on the market: ${makers} statements cover ${listed(markets.map(marketName))} only; elsewhere not documented`
        : v.label.endsWith("by component")
          ? "Depends on the part of the software: see the details"
          : "Depends on the region or model: see the details";
      break;
    }
    case "unknown":
      text = part ? `Not known: no source here says when ${part.component} updates end` : "Not known: no source gives an end date or a promise";
      break;
  }
  if (part) text = text.replace(/security updates/i, (m) => `${part.component} ${m.toLowerCase()}`);
  return weak ? `${text} (unconfirmed)` : text;
}
