// A timeline chart as the templates place it (_includes/chart.njk).
import type { Chart } from "../../derive/timeline.ts";
import { timelineSvg } from "../timeline-svg.ts";

/**
 * A chart as the templates place it: the SVG, labelled by its figure's
 * caption (`<id>-caption`) and described by its text equivalent (`describedBy`,
 * by default the list of the rows in words, `<id>-words`).
 */
export function chartView(chart: Chart | null, id: string, describedBy = `${id}-words`) {
  if (!chart) return null;
  return { id, svg: timelineSvg(chart, { id, labelledBy: `${id}-caption`, describedBy }), words: chart.rows.map((r) => r.words) };
}
