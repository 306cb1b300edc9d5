// The one drawing of a timeline (derive/timeline.ts lays it out): an inline
// SVG the page styles from site.css, so it carries no style of its own and the
// content security policy needs none. Record text is escaped; every dated band
// keeps its dates and precision in data attributes, which the browser tests
// read back. The today marker is drawn hidden: it depends on the reader's
// day, not the build's, so /assets/timeline.js places it (page bytes do not
// change from one day to the next).
import escapeMarkup from "escape-html";
import { layoutChart, type Chart, type PlacedBar, type PlacedRow } from "../derive/timeline.ts";

/** More years than this and the phone layout shows every other year's label (site.css hides .year-odd). */
const DENSE_YEARS = 8;

function bar(b: PlacedBar, line: string): string {
  const data = b.date ? ` data-value="${escapeMarkup(b.date.value ?? "")}" data-precision="${b.date.precision}"` : "";
  const rect = `<rect class="bar bar-${b.kind} line-${line}" x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" data-kind="${b.kind}" data-first="${b.first}" data-last="${b.last}"${data}/>`;
  const mid = b.y + b.height / 2;
  const end = Math.round((b.x + b.width) * 100) / 100;
  // A minimum leaves support open after it (an arrowhead); a ceiling is the most announced (a stop).
  if (b.kind === "minimum")
    return `${rect}<path class="mark-open line-${line}" d="M${end + 2} ${b.y + 1} L${end + 7} ${mid} L${end + 2} ${b.y + b.height - 1}"/>`;
  if (b.kind === "ceiling") return `${rect}<path class="mark-stop line-${line}" d="M${end + 2} ${b.y - 2} V${b.y + b.height + 2}"/>`;
  // A last update observed is a point in time, not an end: a diamond on its period; a listing as continuing, a ring on its day.
  const centre = Math.round((b.x + b.width / 2) * 100) / 100;
  if (b.kind === "observed")
    return `${rect}<path class="mark-observed line-${line}" d="M${centre} ${b.y - 3} L${centre + 5} ${mid} L${centre} ${b.y + b.height + 3} L${centre - 5} ${mid} Z"/>`;
  if (b.kind === "listed") return `${rect}<circle class="mark-listed line-${line}" cx="${centre}" cy="${mid}" r="4"/>`;
  return rect;
}

/** The label's lines (a long label is wrapped, and cut after two lines: the text equivalent keeps it whole). */
function row(r: PlacedRow, x: number): string {
  const lines = r.labelLines.map(
    ({ y, parts }) =>
      `<tspan x="${x}" y="${y}">${parts.map((p) => (p.flag ? `<tspan class="caveat-flag">${escapeMarkup(p.text)}</tspan>` : escapeMarkup(p.text))).join("")}</tspan>`,
  );
  const label = `<text class="row-label">${lines.join("")}</text>`;
  const bars = r.placed.flatMap((line) => line.bars.map((b) => bar(b, line.kind)));
  // The title shows the whole row in words on hover (the label may be cut).
  return `<g class="row" data-row="${escapeMarkup(r.id)}"><title>${escapeMarkup(r.words)}</title>${label}${bars.join("")}</g>`;
}

/**
 * The chart as SVG. `id` names its elements (unique on the page); the SVG is
 * labelled by the element `labelledBy` (the figure's caption) and described by
 * `describedBy` (its text equivalent).
 */
export function timelineSvg(chart: Chart, opts: { id: string; labelledBy: string; describedBy: string }): string {
  const layout = layoutChart(chart);
  const { axis, width, height } = layout;
  const dense = layout.years.length > DENSE_YEARS;
  const years = layout.years
    .map(
      (y, i) =>
        `<line class="tick" x1="${y.x}" y1="0" x2="${y.x}" y2="${height}"/><text class="year${dense && i % 2 ? " year-odd" : ""}" x="${y.labelX}" y="16" text-anchor="middle">${y.year}</text>`,
    )
    .join("");
  const today = `<g class="today" display="none"><line x1="0" y1="20" x2="0" y2="${height - 14}"/><text class="today-label" x="0" y="${height - 2}">Today</text></g>`;
  return (
    `<svg class="timeline" id="${opts.id}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${opts.labelledBy}" aria-describedby="${opts.describedBy}" ` +
    `data-first="${axis.first}" data-last="${axis.last}" data-x0="${axis.x0}" data-x1="${axis.x1}" xmlns="http://www.w3.org/2000/svg">` +
    `<g class="axis">${years}</g>${layout.rows.map((r) => row(r, axis.x0)).join("")}${today}</svg>`
  );
}
