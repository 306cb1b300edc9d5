// The fleet check page (/fleet, bundled to /assets/fleet.js): takes an
// export by file picker, drag and drop or paste, hands it to the worker
// (fleet-worker.ts), asks which column holds the model when the header does
// not say, and shows the results: counts by verdict, every row with its
// device, verdict and ends, unmatched rows with a hint, and the report (CSV)
// and calendar (.ics) as downloads made in the browser. The export never
// leaves the browser, and every cell of it is set as textContent only.
import { MAX_FILE_BYTES, type ColumnChoice, type FromWorker, type ResultRow, type ToWorker } from "./fleet-protocol.ts";

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
      } else device.textContent = r.by === "ambiguous" ? "Ambiguous: check by hand" : "Not matched";
      cell(tr, "Verdict", r.verdict);
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
  function download(link: HTMLAnchorElement, text: string, type: string, name: string): void {
    const url = URL.createObjectURL(new Blob([text], { type }));
    urls.push(url);
    link.href = url;
    link.download = name;
    link.classList.remove("hidden");
  }

  function showResults(m: Extract<FromWorker, { type: "done" }>): void {
    rows = m.rows;
    shown = 0;
    body.replaceChildren();
    missBody.replaceChildren();
    const matched = rows.length - m.unmatched;
    const list = document.createElement("ul");
    for (const c of m.counts) {
      const li = document.createElement("li");
      li.textContent = `${c.label}: ${n(c.count)}`;
      list.append(li);
    }
    if (m.unmatched) {
      const li = document.createElement("li");
      li.textContent = `Not matched: ${n(m.unmatched)}`;
      list.append(li);
    }
    counts.replaceChildren(list);
    download(csvLink, m.csv, "text/csv;charset=utf-8", "fleet-check.csv");
    if (m.ics) {
      download(icsLink, m.ics, "text/calendar;charset=utf-8", "fleet-support-endings.ics");
      icsNote.textContent = `${n(m.events)} upcoming documented ends of OS or security updates.`;
    } else {
      icsLink.classList.add("hidden");
      icsNote.textContent = "No documented end of updates is ahead for the matched devices, so there is no calendar to download.";
    }
    showMore();
    const part = document.createDocumentFragment();
    for (const r of rows) {
      if (r.matched) continue;
      const tr = document.createElement("tr");
      cell(tr, "Row", String(r.line));
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
    if (m.type === "progress") say(`Matching… ${n(m.done)} of ${n(m.total)} rows.`);
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

  function start(text: string): void {
    ask.classList.add("hidden");
    results.classList.add("hidden");
    for (const url of urls) URL.revokeObjectURL(url);
    urls = [];
    worker?.terminate();
    worker = new Worker(root!.dataset.worker!);
    worker.onmessage = onMessage;
    worker.onerror = () => say("The check stopped unexpectedly. Reload the page and try again.", true);
    say("Reading…");
    worker.postMessage({ type: "check", text, indexUrl } satisfies ToWorker);
  }

  async function readFile(file: File): Promise<void> {
    if (file.size > MAX_FILE_BYTES) {
      say(
        `${file.name} is ${n(Math.round(file.size / 1048576))} MB; the page reads exports of up to ${n(MAX_FILE_BYTES / 1048576)} MB. Split the export and check each part.`,
        true,
      );
      return;
    }
    if (file.size === 0) {
      say(`${file.name} is empty.`, true);
      return;
    }
    start(await file.text());
  }

  fileInput.addEventListener("change", () => {
    const file = fileInput.files?.[0];
    if (file) void readFile(file);
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
    if (file) void readFile(file);
  });
  pasteButton.addEventListener("click", () => {
    if (paste.value.trim()) start(paste.value);
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
