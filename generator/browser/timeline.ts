// The timelines' today marker (bundled to /assets/timeline.js). The pages are
// built once and served for days, so the marker is placed here, from the
// reader's own clock, on the scale the build drew the bands on. Without
// JavaScript the charts are whole but for the marker.
import { xOfDay, type Axis } from "../derive/timeline-axis.ts";

const pad = (n: number) => String(n).padStart(2, "0");
const now = new Date();
const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

for (const svg of document.querySelectorAll<SVGSVGElement>("svg.timeline[data-first]")) {
  const marker = svg.querySelector("g.today");
  const line = marker?.querySelector("line");
  const label = marker?.querySelector("text");
  if (!marker || !line || !label) continue;
  const { first, last, x0, x1 } = svg.dataset;
  const axis: Axis = { first: first!, last: last!, x0: Number(x0), x1: Number(x1) };
  // A day outside the chart is shown at its edge, pointing the way.
  const x = Math.min(Math.max(xOfDay(axis, today), axis.x0), axis.x1);
  const after = today > axis.last;
  const before = today < axis.first;
  for (const attr of ["x1", "x2"]) line.setAttribute(attr, String(x));
  label.setAttribute("x", String(x + (x > (axis.x0 + axis.x1) / 2 ? -3 : 3)));
  label.setAttribute("text-anchor", x > (axis.x0 + axis.x1) / 2 ? "end" : "start");
  label.textContent = after ? "Today (later) →" : before ? "← Today (earlier)" : "Today";
  marker.setAttribute("data-day", today);
  marker.removeAttribute("display");
}
