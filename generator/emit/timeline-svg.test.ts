// The one drawing of a timeline (timeline-svg.ts), read back with an XML
// parser: record text comes out escaped, every bar, marker and label sits
// where derive/timeline.ts lays it out, each mark the drawing uses is
// explained by the legend (_includes/chart-legend.njk), and an end the
// source gives no date for is drawn as its dashed span, never as an end band.
import { readFileSync } from "node:fs";
import path from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { deviceChart, devicesChart, GEOMETRY, layoutChart, wrapLabel, type Bar, type BarKind, type Chart, type Row } from "../derive/timeline.ts";
import { fixtureRecord, fixtureRecords } from "../../test/helpers/records.ts";
import { timelineSvg } from "./timeline-svg.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OPTS = { id: "t", labelledBy: "t-caption", describedBy: "t-words" };

type Element = ReturnType<typeof DomUtils.findAll>[number];

/** The SVG as well-formed XML, its elements in document order. */
function read(svg: string) {
  expect(XMLValidator.validate(svg)).toBe(true);
  const doc = parseDocument(svg, { xmlMode: true });
  const all = DomUtils.findAll(() => true, doc.children);
  const classed = (c: string) => all.filter((e) => (e.attribs.class ?? "").split(" ").includes(c));
  return { all, classed, root: all[0]!, text: (e: Element) => DomUtils.textContent(e) };
}

/** The only elements a timeline has: anything else is text that escaped its escaping. */
const SVG_ELEMENTS = new Set(["svg", "g", "line", "text", "tspan", "title", "rect", "path", "circle"]);

const row = (over: Partial<Row> = {}, bars: Bar[] = [{ kind: "support", first: "2024-01-01", last: "2024-12-31" }]): Row => ({
  id: "r",
  label: "Security updates",
  caveats: [],
  lines: [{ kind: "security", bars }],
  words: "Security updates, all variants.",
  ...over,
});
const chart = (rows: Row[], first = "2020-01-01", last = "2029-12-31"): Chart => ({ first, last, rows });

describe("record text is escaped", () => {
  it.each([
    ["a script element", "<script>alert(1)</script>"],
    ["an ampersand and both quotes", `Tom & "Jerry's"`],
    ["a closing title and a new element", '</title><rect onclick="alert(1)"/>'],
    ["a CDATA end and entities already written", "]]> &amp; &lt;b&gt;"],
  ])("%s reads back as the same text in the label, the title and the row's name", (_, hostile) => {
    const svg = timelineSvg(chart([row({ id: hostile, label: hostile, words: hostile })]), OPTS);
    const { all, classed, text } = read(svg);
    expect(all.filter((e) => !SVG_ELEMENTS.has(e.name)).map((e) => e.name)).toEqual([]);
    const [g] = classed("row");
    expect(g!.attribs["data-row"]).toBe(hostile);
    expect(all.filter((e) => e.name === "title").map(text)).toEqual([hostile]);
    expect(classed("row-label").map(text)).toEqual([hostile]);
    expect(all.every((e) => Object.keys(e.attribs).every((a) => !a.startsWith("on")))).toBe(true);
  });

  it("draws the hostile fixture record's name as text on a manufacturer's chart", () => {
    const record = fixtureRecord("hostile-device");
    const c = devicesChart([{ record, verdict: "<b>verdict</b>" }])!;
    const { all, classed, text } = read(timelineSvg(c, OPTS));
    expect(all.filter((e) => !SVG_ELEMENTS.has(e.name)).map((e) => e.name)).toEqual([]);
    expect(all.filter((e) => e.name === "title").map(text)).toEqual([c.rows[0]!.words]);
    expect(c.rows[0]!.words).toContain('Hostile "Quoted" <script>alert(1)</script>');
    // The label keeps the name's words (wrapped, a long one cut), as text.
    const lines = classed("row-label").flatMap((label) => DomUtils.getChildren(label).map((t) => text(t as Element)));
    expect(lines).toEqual(wrapLabel(record.name, GEOMETRY.labelChars, 2));
    expect(lines[0]).toBe('Hostile "Quoted" <script>alert(1)</script>');
  });
});

describe("bars and labels sit where derive/timeline.ts lays them out", () => {
  const charts: [string, Chart][] = [
    ...["gamma-phone", "beta-tablet", "iota-phone", "kappa-phone", "lambda-tablet", "mu-phone", "theta-watch", "hostile-device"].map(
      (slug): [string, Chart] => [`${slug}'s page`, deviceChart(fixtureRecord(slug))!],
    ),
    ["every fixture on one manufacturer chart", devicesChart(fixtureRecords().map((record) => ({ record, verdict: "v" })))!],
  ];

  it.each(charts)("%s", (_, c) => {
    const layout = layoutChart(c);
    const { classed } = read(timelineSvg(c, OPTS));
    const drawn = classed("bar").map((e) => ({
      class: e.attribs.class,
      kind: e.attribs["data-kind"],
      x: Number(e.attribs.x),
      y: Number(e.attribs.y),
      width: Number(e.attribs.width),
      height: Number(e.attribs.height),
      first: e.attribs["data-first"],
      last: e.attribs["data-last"],
      value: e.attribs["data-value"],
      precision: e.attribs["data-precision"],
    }));
    const expected = layout.rows.flatMap((r) =>
      r.placed.flatMap((line) =>
        line.bars.map((b) => ({
          class: `bar bar-${b.kind} line-${line.kind}`,
          kind: b.kind,
          x: b.x,
          y: b.y,
          width: b.width,
          height: b.height,
          first: b.first,
          last: b.last,
          value: b.date ? (b.date.value ?? "") : undefined,
          precision: b.date?.precision,
        })),
      ),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(drawn).toEqual(expected);
    // Each row's label lines at their baselines, beside the plot's left edge.
    const labels = classed("row-label").map((label) =>
      DomUtils.getChildren(label).map((t) => ({ x: Number((t as Element).attribs.x), y: Number((t as Element).attribs.y) })),
    );
    expect(labels).toEqual(layout.rows.map((r) => r.labelLines.map((l) => ({ x: layout.axis.x0, y: l.y }))));
    expect(classed("row").map((g) => g.attribs["data-row"])).toEqual(c.rows.map((r) => r.id));
  });
});

describe("each kind of bar: its mark, and the legend's entry for it", () => {
  // One bar over 2024 on a 2020–2029 axis: x 241.57, width 58.51 (its right end 300.08, its centre 270.83), y 48, height 12.
  const legend = readFileSync(path.join(ROOT, "templates/_includes/chart-legend.njk"), "utf8");
  const legendClasses = new Set([...legend.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(" ")));
  it.each<[BarKind, string | null, Record<string, string> | null, string]>([
    ["support", null, null, "bar-support"],
    ["end", null, null, "bar-end"],
    ["minimum", "mark-open", { d: "M302.08 49 L307.08 54 L302.08 59" }, "mark-open"],
    ["ceiling", "mark-stop", { d: "M302.08 46 V62" }, "mark-stop"],
    ["announced", null, null, "bar-announced"],
    ["unknown", null, null, "bar-unknown"],
    ["release", null, null, "bar-release"],
    ["observed", "mark-observed", { d: "M270.83 45 L275.83 54 L270.83 63 L265.83 54 Z" }, "mark-observed"],
    ["listed", "mark-listed", { cx: "270.83", cy: "54", r: "4" }, "mark-listed"],
    ["ended-undated", null, null, "bar-ended-undated"],
  ])("%s: marker %s %o, explained by the legend's %s", (kind, markClass, attrs, legendClass) => {
    const { all, classed } = read(timelineSvg(chart([row({}, [{ kind, first: "2024-01-01", last: "2024-12-31" }])]), OPTS));
    const [rect] = classed(`bar-${kind}`);
    expect(rect!.attribs).toMatchObject({ x: "241.57", y: "48", width: "58.51", height: "12", class: `bar bar-${kind} line-security` });
    const marks = all.filter((e) => e.name === "path" || e.name === "circle");
    if (markClass === null) expect(marks).toEqual([]);
    else {
      expect(marks.map((m) => m.attribs.class)).toEqual([`${markClass} line-security`]);
      expect(marks[0]!.attribs).toMatchObject(attrs!);
    }
    expect(legendClasses.has(legendClass), legendClass).toBe(true);
  });
});

describe("an end the source gives no date for", () => {
  const cssRules = (css: string) => [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map((m) => ({ selectors: m[1]!.split(",").map((s) => s.trim()), body: m[2]! }));
  const css = cssRules(readFileSync(path.join(ROOT, "templates/assets/site.css"), "utf8"));
  const ruleOf = (selector: string) => css.filter((r) => r.selectors.includes(selector)).map((r) => r.body);

  it("is its span from the release to the day the source was read, undated, never an end band", () => {
    // iota-phone: released 2015-04, OS and security support ended without a date, its source read 2026-11-15.
    const { all, classed } = read(timelineSvg(deviceChart(fixtureRecord("iota-phone"))!, OPTS));
    const spans = classed("bar-ended-undated").map((e) => [e.attribs.class, e.attribs["data-first"], e.attribs["data-last"], e.attribs["data-value"]]);
    expect(spans).toEqual([
      ["bar bar-ended-undated line-os", "2015-04-01", "2026-11-15", undefined],
      ["bar bar-ended-undated line-security", "2015-04-01", "2026-11-15", undefined],
    ]);
    expect(classed("bar-end")).toEqual([]);
    expect(all.filter((e) => e.attribs["data-kind"] === "end")).toEqual([]);
    expect(classed("mark-stop")).toEqual([]);
  });

  it("is drawn dashed by the stylesheet, and a documented end's band is not", () => {
    expect(ruleOf(".bar-ended-undated").join("")).toMatch(/stroke-dasharray:\s*[\d.]+\s+[\d.]+/);
    expect(ruleOf(".bar-end").length).toBeGreaterThan(0);
    expect(ruleOf(".bar-end").join("")).not.toContain("stroke-dasharray");
  });
});

describe("the year axis", () => {
  it.each([
    ["three years", "2024-01-01", "2026-12-31", [2024, 2025, 2026], []],
    ["eight years: every label shown", "2020-01-01", "2027-12-31", [2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027], []],
    [
      "ten years: every other label hidden on a phone",
      "2020-01-01",
      "2029-12-31",
      [2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029],
      [2021, 2023, 2025, 2027, 2029],
    ],
  ])("%s", (_, first, last, years, odd) => {
    const c = chart([row()], first, last);
    const layout = layoutChart(c);
    const { classed, text } = read(timelineSvg(c, OPTS));
    expect(classed("year").map((e) => Number(text(e)))).toEqual(years);
    expect(classed("year-odd").map((e) => Number(text(e)))).toEqual(odd);
    expect(classed("tick").map((e) => [Number(e.attribs.x1), Number(e.attribs.x2), e.attribs.y2])).toEqual(
      layout.years.map((y) => [y.x, y.x, String(layout.height)]),
    );
    expect(classed("tick")[0]!.attribs.x1).toBe(String(GEOMETRY.pad));
  });
});

describe("the drawing's frame", () => {
  it.each([
    ["one row of one line", [row()], 86],
    ["one row of two lines", [row({ lines: [row().lines[0]!, { kind: "os", bars: [] }] })], 101],
    ["two rows", [row({ id: "a" }), row({ id: "b" })], 130],
    ["a row whose caveat flag takes a line of its own", [row({ label: "x".repeat(40), caveats: ["c"] })], 108],
  ])("%s: %d units high, named by its caption and described by its words", (_, rows, height) => {
    const { root, classed } = read(timelineSvg(chart(rows), OPTS));
    expect(root.attribs).toMatchObject({
      id: "t",
      role: "img",
      viewBox: `0 0 ${GEOMETRY.width} ${height}`,
      "aria-labelledby": "t-caption",
      "aria-describedby": "t-words",
      "data-first": "2020-01-01",
      "data-last": "2029-12-31",
      "data-x0": "8",
      "data-x1": "592",
    });
    // The today marker is placed in the browser: hidden in the page's bytes, its line down to the foot.
    const [today] = classed("today");
    expect(today!.attribs.display).toBe("none");
    expect(DomUtils.findOne((e) => e.name === "line", today!.children)!.attribs.y2).toBe(String(height - 14));
  });

  it.each([
    ["a short label: the flag on its line", "OS updates", [[41, "OS updates · caveats apply", " · caveats apply"]]],
    [
      "a label too long to share its line",
      "Security updates (models ABC-123, DEF-456)",
      [
        [41, "Security updates (models ABC-123, DEF-456)", null],
        [63, "· caveats apply", "· caveats apply"],
      ],
    ],
  ])("flags a row with caveats: %s", (_, label, lines) => {
    const { classed, text } = read(timelineSvg(chart([row({ label, caveats: ["Carrier builds lag (carriers Acme)"] })]), OPTS));
    const tspans = DomUtils.getChildren(classed("row-label")[0]!) as Element[];
    const flagOf = (t: Element) => {
      const flag = DomUtils.findOne((e) => e.attribs.class === "caveat-flag", t.children);
      return flag ? text(flag) : null;
    };
    expect(tspans.map((t) => [Number(t.attribs.y), text(t), flagOf(t)])).toEqual(lines);
  });
});
