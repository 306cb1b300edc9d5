// A commitment in a reader's words (support-words.ts): every status the
// pages can show has words, an ended commitment never reads as a date it does
// not have, and a scoped commitment names its scope in the manufacturer tables.
import { describe, expect, it } from "vitest";
import { COMMITMENT_STATUSES } from "../../contract/verdicts.ts";
import type { Commitment } from "../../schema/record.ts";
import { fixtureRecord } from "../../../test/helpers/records.ts";
import { endWords, STATUS_WORDS, supportWords } from "./support-words.ts";

describe("STATUS_WORDS", () => {
  it.each(COMMITMENT_STATUSES)("%s has words of its own", (status) => {
    expect(STATUS_WORDS[status]).toMatch(/^[a-z]/);
    expect(Object.values(STATUS_WORDS).filter((w) => w === STATUS_WORDS[status])).toHaveLength(1);
  });

  it.each([
    ["ended-observed", /last update observed, not an announced end/],
    ["minimum-passed", /current status is not documented/],
    ["announced-ceiling", /not a commitment/],
    ["confirmation-passed", /over a year ago/],
  ] as const)("%s says what it does not know", (status, words) => expect(STATUS_WORDS[status]).toMatch(words));

  it("holds no status the contract does not name", () => {
    expect(Object.keys(STATUS_WORDS).sort()).toEqual([...COMMITMENT_STATUSES].sort());
  });
});

describe("endWords", () => {
  const base: Commitment = { id: "os", scope: {}, meaning: "m", evidenceLevel: "manufacturer-dated", sourceIds: ["s"] };
  it.each<[string, Partial<Commitment>, string]>([
    ["a documented month", { end: { value: "2030-10", precision: "month" } }, "October 2030, month precision"],
    ["a documented day", { end: { value: "2028-06-30", precision: "day" } }, "30 June 2028, day precision"],
    [
      "ended with the last update observed",
      { ended: true, lastUpdate: { value: "2024-05-02", precision: "day" } },
      "ended; no end date announced (the last update observed is below)",
    ],
    ["ended with no date at all", { ended: true }, "ended; date not documented"],
    ["ended with an unknown last update", { ended: true, lastUpdate: { precision: "unknown" } }, "ended; date not documented"],
  ])("%s", (_, patch, words) => expect(endWords({ ...base, ...patch })).toBe(words));
});

describe("supportWords", () => {
  it("names a commitment's scope unless it covers all variants", () => {
    const gamma = fixtureRecord("gamma-phone");
    expect(supportWords(gamma.support.os)).toEqual(["documented end March 2024, month precision"]);
    expect(supportWords(gamma.support.security)).toEqual([
      "models G-US; regions US: documented end Q2 2027 (April to June), quarter precision",
      "models G-EU; regions DE, FR: documented end 30 June 2028, day precision",
    ]);
  });
});
