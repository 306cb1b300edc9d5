// The badge's shields.io form (badges.ts shieldsEndpointOf): the SVG badge's
// words and colours, per verdict code, in the response schema's shape.
import { describe, expect, it } from "vitest";
import { ShieldsEndpoint } from "../schema/responses.ts";
import { BADGE_LABEL, LABEL_COLOUR, shieldsEndpointOf, UNKNOWN_DEVICE_BADGE, VERDICT_COLOURS, WITHDRAWN_BADGE } from "./badges.ts";

describe("shieldsEndpointOf", () => {
  it.each(Object.entries(VERDICT_COLOURS))("%s: the badge's words and colours, hex without #", (code, colour) => {
    const body = ShieldsEndpoint.parse(shieldsEndpointOf({ label: BADGE_LABEL, message: `a ${code} label`, colour }));
    expect(body).toEqual({
      schemaVersion: 1,
      label: BADGE_LABEL,
      message: `a ${code} label`,
      color: colour.slice(1),
      labelColor: LABEL_COLOUR.slice(1),
      cacheSeconds: 300,
    });
  });

  it.each([
    ["unknown device", UNKNOWN_DEVICE_BADGE],
    ["record withdrawn", WITHDRAWN_BADGE],
  ])("%s is an error badge", (message, spec) => {
    expect(ShieldsEndpoint.parse(shieldsEndpointOf(spec, { error: true }))).toMatchObject({ message, isError: true });
  });
});
