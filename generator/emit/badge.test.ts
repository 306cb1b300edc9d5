// The badge renderer (badge.ts): each kind of badge's SVG, byte for byte,
// against a snapshot file beside this test (__snapshots__/*.svg; open one to
// see the badge). A change to the renderer or its fonts' measurements shows
// as a diff of these files; `npx vitest run -u` accepts it. Rendered by real
// SVG renderers: test/exports/badge-files.test.ts, test/tools/badge-renderers.test.ts.
import { describe, expect, it } from "vitest";
import { BADGE_LABEL, UNKNOWN_DEVICE_BADGE, UNKNOWN_DEVICE_BADGE_SVG, VERDICT_COLOURS, WITHDRAWN_BADGE, type BadgeSpec } from "../derive/badges.ts";
import { renderBadge } from "./badge.ts";

const spec = (message: string, colour: keyof typeof VERDICT_COLOURS): BadgeSpec => ({ label: BADGE_LABEL, message, colour: VERDICT_COLOURS[colour] });

describe("renderBadge", () => {
  it.each([
    ["receiving-updates", spec("updates until 2030-10 (month)", "receiving-updates")],
    ["minimum-commitment", spec("updates at least until 2029-12 (month)", "minimum-commitment")],
    ["announced-ceiling", spec("updates up to 2028-07 (month), announced", "announced-ceiling")],
    ["security-only", spec("security updates only until 2029-06 (month), unconfirmed", "security-only")],
    ["security-ended", spec("security updates ended 2025-01 (month)", "security-ended")],
    ["security-ended-undated", spec("no security updates; end date not documented, unconfirmed", "security-ended")],
    ["security-ended-observed", spec("no security updates; last update observed 2019-07-22", "security-ended")],
    ["listed-continuing", spec("updates continuing; listed on 2026-08-22", "receiving-updates")],
    ["commitment-passed", spec("past its last commitment, 2024-06 (month); current status not documented", "commitment-passed")],
    ["varies", spec("varies by region or model", "varies")],
    ["withdrawn", WITHDRAWN_BADGE],
    ["unknown-device", UNKNOWN_DEVICE_BADGE],
    ["escaped", spec(`<script>"&'</script>`, "unknown")],
  ])("%s", async (name, badge) => {
    await expect(await renderBadge(badge)).toMatchFileSnapshot(`__snapshots__/badge-${name}.svg`);
  });

  it("renders the unknown-device badge the request core keeps as text (derive/badges.ts)", async () => {
    expect(await renderBadge(UNKNOWN_DEVICE_BADGE)).toBe(UNKNOWN_DEVICE_BADGE_SVG);
  });

  it.each([
    ["support", "x"],
    ["support", "a much longer message that needs a much wider half"],
  ])("%j and %j: the halves add up to the width, and the text is escaped once", async (label, message) => {
    const svg = await renderBadge({ label, message, colour: "#000000" });
    const width = Number(svg.match(/^<svg width="(\d+)"/)![1]);
    const halves = [...svg.matchAll(/<rect (?:x="\d+" )?width="(\d+)" height="20" fill=/g)].map((m) => Number(m[1]));
    expect(halves).toHaveLength(2);
    expect(halves[0]! + halves[1]!).toBe(width);
    expect(svg).toContain(`aria-label="${label}: ${message}"`);
  });
});
