// A withdrawal notice (withdrawn-view.ts): when and why a record was
// withdrawn, and the published record that replaces it, if there is one.
import { describe, expect, it } from "vitest";
import { catalogOf } from "../../derive/catalog.ts";
import { fixtureRecord, fixtureRecords, TEST_SITE } from "../../../test/helpers/records.ts";
import { withdrawalNotice } from "./withdrawn-view.ts";

const site = { ...TEST_SITE };
const catalog = catalogOf(fixtureRecords());

describe("withdrawalNotice", () => {
  it("names the record's replacement and links its page", () => {
    expect(withdrawalNotice(fixtureRecord("eta-phone"), catalog, site)).toEqual({
      slug: "eta-phone",
      name: "Eta Phone",
      manufacturer: "Example Maker",
      withdrawnOn: "2026-11-01",
      reason: "Duplicate of alpha-phone",
      replacement: { name: "Alpha Phone", page: "/devices/alpha-phone" },
    });
  });

  it.each([
    ["no replacement named", { state: "withdrawn", withdrawnOn: "2026-11-01", reason: "Not a real device" } as const],
    ["a replacement that is not published", { state: "withdrawn", withdrawnOn: "2026-11-01", reason: "Merged", replacedBy: "zeta-phone" } as const],
  ])("names no replacement for %s", (_, publication) => {
    const notice = withdrawalNotice(fixtureRecord("eta-phone", { publication }), catalog, site);
    expect(notice).toMatchObject({ reason: publication.reason, replacement: null });
  });

  it("is asked only of withdrawn records", () => {
    expect(() => withdrawalNotice(fixtureRecord("alpha-phone"), catalog, site)).toThrow(/alpha-phone is not withdrawn/);
  });
});
