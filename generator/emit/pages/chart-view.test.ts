// A chart as the templates place it (chart-view.ts): labelled by its caption,
// described by its words or by a table named for it; no chart, no figure.
import { describe, expect, it } from "vitest";
import { deviceChart } from "../../derive/timeline.ts";
import { fixtureRecord } from "../../../test/helpers/records.ts";
import { chartView } from "./chart-view.ts";

describe("chartView", () => {
  const chart = deviceChart(fixtureRecord("gamma-phone"));
  it.each([
    ["its own words by default", undefined, "c-words"],
    ["a table when given one", "c-table", "c-table"],
  ])("is described by %s", (_, describedBy, expected) => {
    const view = chartView(chart, "c", describedBy)!;
    expect(view.id).toBe("c");
    expect(view.svg).toContain('aria-labelledby="c-caption"');
    expect(view.svg).toContain(`aria-describedby="${expected}"`);
    expect(view.words).toEqual(chart!.rows.map((r) => r.words));
  });

  it("is null when there is nothing to draw", () => expect(chartView(null, "c")).toBeNull());
});
