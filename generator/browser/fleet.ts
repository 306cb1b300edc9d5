// The fleet check page (/fleet, bundled to /assets/fleet.js): takes an
// export by file picker, drag and drop or paste, hands it to the worker
// (fleet-worker.ts) with the reader's day, asks which column holds the model
// when the header does not say, and shows the results: how many devices need
// action and by when, devices by action and by quarter (drawn as SVG, with
// the table beside it), counts by verdict, every row with its device, OS,
// action and ends, unmatched rows with a hint, and the report (CSV) and
// calendar (.ics) as downloads made in the browser. The export never leaves
// the browser, and every cell of it is set as textContent only.
import { CHART, placeQuarters } from "../derive/fleet-quarters.ts";
import { MAX_FILE_BYTES, type ColumnChoice, type Count, type FromWorker, type ResultRow, type ToWorker } from "./fleet-protocol.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
const root = $<HTMLElement>("fleet");
/** Result rows added to the table at a time: the rest follow on request, so a 10,000-row table never blocks the page. */
const SHOWN_AT_ONCE = 500;

if (root) {
  const fileInput = $<HTMLInputElement>("fleet-file")!;
  const drop = $<HTMLElement>("fleet-drop")!;
  const paste = $<HTMLTextAreaElement>("fleet-paste")!;
  const pasteButton = $<HTMLButtonElement>("fleet-paste-check")!;
  const status = $<HTMLElement>("fleet-status")!;
  const ask = $<HTMLFormElement>("fleet-columns")!;
  const modelSelect = $<HTMLSelectElement>("fleet-model-column")!;
  const makerSelect = $<HTMLSelectElement>("fleet-maker-column")!;
  const headerBox = $<HTMLInputElement>("fleet-has-header")!;
  const results = $<HTMLElement>("fleet-results")!;
  const counts = $<HTMLElement>("fleet-counts")!;
  const headline = $<HTMLElement>("fleet-headline")!;
  const actionsFigure = $<HTMLElement>("fleet-actions-chart")!;
  const actionsBody = $<HTMLElement>("fleet-actions-rows")!;
  const quartersFigure = $<HTMLElement>("fleet-quarters-chart")!;
  const quartersBody = $<HTMLElement>("fleet-quarters-rows")!;
  const csvLink = $<HTMLAnchorElement>("fleet-csv")!;
  const icsLink = $<HTMLAnchorElement>("fleet-ics")!;
  const icsNote = $<HTMLElement>("fleet-ics-note")!;
  const body = $<HTMLElement>("fleet-rows")!;
  const more = $<HTMLButtonElement>("fleet-more")!;
  const missBody = $<HTMLElement>("fleet-unmatched-rows")!;
  const missSection = $<HTMLElement>("fleet-unmatched")!;
  const indexUrl = root.dataset.index!;

  let worker: Worker | null = null;
  let urls: string[] = [];
  let rows: ResultRow[] = [];
  let shown = 0;

  const say = (text: string, problem = false) => {
    status.textContent = text;
    status.classList.toggle("problem", problem);
  };
  const n = (x: number) => x.toLocaleString("en");

  const cell = (tr: HTMLTableRowElement, label: string, text: string) => {
    const td = document.createElement("td");
    td.dataset.label = label;
    td.textContent = text;
    tr.append(td);
    return td;
  };

  function showMore(): void {
    const part = document.createDocumentFragment();
    for (const r of rows.slice(shown, shown + SHOWN_AT_ONCE)) {
      const tr = document.createElement("tr");
      cell(tr, "Row", String(r.line));
      cell(tr, "In the export", r.input);
      const device = cell(tr, "Device", "");
      if (r.matched) {
        const a = document.createElement("a");
        a.href = r.page;
        a.textContent = r.device;
        device.append(a, document.createTextNode(` (${r.manufacturer}), by ${r.by === "code" ? "model code" : "name"}`));
      } else device.textContent = r.by === "ambiguous" ? "Ambiguous: check by hand" : "Not in the catalog";
      cell(tr, "Verdict", r.verdict);
      cell(tr, "Its OS", r.osVerdict);
      const action = cell(tr, "Action", r.actionText);
      action.dataset.action = r.action;
      cell(tr, "Security updates end", r.security);
      cell(tr, "OS updates end", r.os);
      cell(tr, "Note", r.note);
      part.append(tr);
    }
    body.append(part);
    shown = Math.min(rows.length, shown + SHOWN_AT_ONCE);
    more.textContent = `Show ${n(Math.min(SHOWN_AT_ONCE, rows.length - shown))} more rows (${n(shown)} of ${n(rows.length)} shown)`;
    more.classList.toggle("hidden", shown >= rows.length);
  }

  /** A download made in the browser: nothing is fetched. */
  function download(link: HTMLAnchorElement, data: string | Blob, type: string, name: string): void {
    const url = URL.createObjectURL(typeof data === "string" ? new Blob([data], { type }) : data);
    urls.push(url);
    link.href = url;
    link.download = name;
    link.classList.remove("hidden");
  }

  const SVG = "http://www.w3.org/2000/svg";
  function svgEl(name: string, attrs: Record<string, string | number>, text?: string): SVGElement {
    const el = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    return el;
  }
  /** An accessible chart: labelled by its figure's caption, described by the table beside it. */
  function chartSvg(id: string, height: number): SVGElement {
    return svgEl("svg", {
      class: "fleet-chart",
      id,
      viewBox: `0 0 ${CHART.width} ${height}`,
      role: "img",
      "aria-labelledby": `${id}-caption`,
      "aria-describedby": `${id}-table`,
    });
  }
  const tableRow = (cells: string[]) => {
    const tr = document.createElement("tr");
    cells.forEach((c, i) => {
      const td = document.createElement(i ? "td" : "th");
      if (!i) td.setAttribute("scope", "row");
      td.textContent = c;
      tr.append(td);
    });
    return tr;
  };

  /** Devices by action: one bar each, most urgent first, its count at its end. */
  function drawActions(actions: (Count & { code: string })[]): void {
    const rowHeight = 34;
    const labelWidth = 210;
    const svg = chartSvg("fleet-actions-svg", actions.length * rowHeight + 8);
    const max = Math.max(1, ...actions.map((a) => a.count));
    actions.forEach((a, i) => {
      const y = 4 + i * rowHeight;
      const width = Math.round(((CHART.width - labelWidth - 70) * a.count) / max);
      const g = svgEl("g", { class: "action-row", "data-action": a.code, "data-count": a.count });
      g.append(
        svgEl("title", {}, `${a.label}: ${n(a.count)}`),
        svgEl("text", { class: "row-label", x: 0, y: y + 20 }, a.label),
        svgEl("rect", { class: `bar action-${a.code}`, x: labelWidth, y: y + 4, width: Math.max(width, a.count ? 2 : 0), height: rowHeight - 10 }),
        svgEl("text", { class: "count", x: labelWidth + Math.max(width, 2) + 6, y: y + 20 }, n(a.count)),
      );
      svg.append(g);
    });
    actionsFigure.querySelector("svg")?.remove();
    actionsFigure.prepend(svg);
    actionsBody.replaceChildren(...actions.map((a) => tableRow([a.label, n(a.count)])));
  }

  /** Devices losing OS or security updates by quarter, from the reader's quarter on, as paired bars; ends known only to their year in the table. */
  function drawQuarters(m: Extract<FromWorker, { type: "done" }>): void {
    const { bars, max } = placeQuarters(m.quarters);
    const svg = chartSvg("fleet-quarters-svg", CHART.height);
    const base = CHART.height - CHART.bottom;
    svg.append(
      svgEl("line", { class: "tick", x1: CHART.left, y1: base, x2: CHART.width, y2: base }),
      svgEl("text", { class: "year", x: CHART.left - 6, y: CHART.top + 4, "text-anchor": "end" }, n(max)),
      svgEl("text", { class: "year", x: CHART.left - 6, y: base, "text-anchor": "end" }, "0"),
    );
    for (const b of bars) {
      const g = svgEl("g", { class: "quarter", "data-quarter": b.period, "data-os": b.os.count, "data-security": b.security.count });
      g.append(
        svgEl("title", {}, `${b.period}: ${n(b.os.count)} lose OS updates, ${n(b.security.count)} lose security updates`),
        svgEl("rect", { class: "bar line-os", x: b.os.x, y: b.os.y, width: b.os.width, height: b.os.height }),
        svgEl("rect", { class: "bar line-security", x: b.security.x, y: b.security.y, width: b.security.width, height: b.security.height }),
        svgEl("text", { class: "year", x: b.labelX, y: base + 14, "text-anchor": "middle" }, b.label),
      );
      if (b.year) g.append(svgEl("text", { class: "year", x: b.labelX, y: base + 30, "text-anchor": "middle" }, b.year));
      svg.append(g);
    }
    quartersFigure.querySelector("svg")?.remove();
    quartersFigure.prepend(svg);
    const label = (p: string) => (p.includes("-Q") ? `${p.slice(5)} ${p.slice(0, 4)}` : `${p} (quarter not documented)`);
    quartersBody.replaceChildren(...[...m.quarters, ...m.years].map((b) => tableRow([label(b.period), n(b.os), n(b.security)])));
  }

  function showResults(m: Extract<FromWorker, { type: "done" }>): void {
    rows = m.rows;
    shown = 0;
    body.replaceChildren();
    missBody.replaceChildren();
    const matched = rows.length - m.unmatched;
    headline.textContent = m.headline;
    const list = document.createElement("ul");
    for (const c of m.verdicts) {
      const li = document.createElement("li");
      li.textContent = `${c.label}: ${n(c.count)}`;
      list.append(li);
    }
    counts.replaceChildren(list);
    drawActions(m.actions);
    drawQuarters(m);
    download(csvLink, m.csv, "text/csv;charset=utf-8", "fleet-check.csv");
    if (m.ics) {
      download(icsLink, m.ics, "text/calendar;charset=utf-8", "fleet-support-endings.ics");
      icsNote.textContent = `${n(m.events)} upcoming documented ends of OS or security updates.`;
    } else {
      icsLink.classList.add("hidden");
      icsNote.textContent = "No documented end of updates is ahead for the matched devices, so there is no calendar to download.";
    }
    showMore();
    // Rows not matched, once per distinct content (a fleet of 50,000 PCs of six models gives six lines, not 50,000).
    const groups = new Map<string, { r: ResultRow; lines: number[] }>();
    for (const r of rows) {
      if (r.matched) continue;
      const key = `${r.input}\u0000${r.note}`;
      const g = groups.get(key);
      if (g) g.lines.push(r.line);
      else groups.set(key, { r, lines: [r.line] });
    }
    const part = document.createDocumentFragment();
    for (const { r, lines } of groups.values()) {
      const tr = document.createElement("tr");
      cell(tr, "Rows", lines.length > 3 ? `${lines.slice(0, 3).join(", ")} and ${n(lines.length - 3)} more` : lines.join(", "));
      cell(tr, "In the export", r.input);
      cell(tr, "Hint", r.note);
      part.append(tr);
    }
    missBody.append(part);
    missSection.classList.toggle("hidden", m.unmatched === 0);
    results.classList.remove("hidden");
    say(`Checked ${n(rows.length)} rows: ${n(matched)} matched, ${n(m.unmatched)} not matched.`);
  }

  function onMessage(e: MessageEvent<FromWorker>): void {
    const m = e.data;
    if (m.type === "progress")
      say(`Checking… ${n(m.rows)} rows${m.total > 0 ? `, ${Math.min(100, Math.round((100 * m.bytes) / m.total))}% of the file read` : ""}.`);
    else if (m.type === "error") say(m.message, true);
    else if (m.type === "ask") {
      const options = (select: HTMLSelectElement, none: string | null) => {
        select.replaceChildren();
        if (none !== null) select.append(new Option(none, ""));
        m.header.forEach((h, i) => {
          const sample = m.sample[i] ? ` (e.g. ${m.sample[i]})` : "";
          select.append(new Option(`${h || `Column ${i + 1}`}${sample}`, String(i)));
        });
      };
      options(modelSelect, null);
      options(makerSelect, "None");
      ask.classList.remove("hidden");
      say("Which column holds the model name or model code? The header does not say.");
      modelSelect.focus();
    } else showResults(m);
  }

  /** The reader's day (YYYY-MM-DD, local): what is past or ahead is judged on it, so the page holds no build day. */
  const today = () => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  };

  function start(file: Blob): void {
    ask.classList.add("hidden");
    results.classList.add("hidden");
    for (const url of urls) URL.revokeObjectURL(url);
    urls = [];
    worker?.terminate();
    worker = new Worker(root!.dataset.worker!);
    worker.onmessage = onMessage;
    worker.onerror = () => say("The check stopped unexpectedly. Reload the page and try again.", true);
    say("Reading…");
    worker.postMessage({ type: "check", file, indexUrl, today: today() } satisfies ToWorker);
  }

  function readFile(file: File): void {
    if (file.size > MAX_FILE_BYTES) {
      say(
        `${file.name} is ${n(Math.round(file.size / 1048576))} MB; the page reads exports of up to ${n(MAX_FILE_BYTES / 1048576)} MB (about 300,000 devices as Intune writes them). Split the export and check each part.`,
        true,
      );
      return;
    }
    if (file.size === 0) {
      say(`${file.name} is empty.`, true);
      return;
    }
    start(file);
  }

  fileInput.addEventListener("change", () => {
    const file = fileInput.files?.[0];
    if (file) readFile(file);
  });
  drop.addEventListener("dragover", (e) => {
    e.preventDefault();
    drop.classList.add("dragging");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("dragging"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("dragging");
    const file = e.dataTransfer?.files[0];
    if (file) readFile(file);
  });
  pasteButton.addEventListener("click", () => {
    if (paste.value.trim()) start(new Blob([paste.value], { type: "text/plain" }));
    else say("Paste one model name or model code a line, or the rows of an export with its header.", true);
  });
  ask.addEventListener("submit", (e) => {
    e.preventDefault();
    const choice: ColumnChoice = {
      model: Number(modelSelect.value),
      manufacturer: makerSelect.value === "" ? null : Number(makerSelect.value),
      header: headerBox.checked,
    };
    ask.classList.add("hidden");
    say("Matching…");
    worker?.postMessage({ type: "columns", choice } satisfies ToWorker);
  });
  more.addEventListener("click", showMore);
  root.classList.remove("no-script");
}
