// The Windows part of every Surface record. Microsoft's end of firmware and
// driver servicing is not the end of a Surface's security updates: after it,
// "devices continue to receive Windows OS feature and security updates per
// the Windows Lifecycle Policy" (surface-driver-firmware-lifecycle-support.md,
// "OS version support"). So each Surface gets a "Windows" component beside its
// "firmware and drivers" one, read from two pinned sources:
// - Microsoft's Surface supported operating systems table (Devices-docs), the
//   Windows versions each Surface supports;
// - endoflife.date's os/windows.md, how long each Windows release is serviced.
// A Surface that runs Windows 11 follows the Windows 11 releases still
// serviced: listed as continuing on the day of the windows.md snapshot, no
// device end (each release has its own). One whose last Windows is 10 lost
// Windows 10 Home and Pro updates with version 22H2's end of servicing; the
// paid Extended Security Updates are a caveat of their own, never support.
// One the table does not list (Windows RT, Windows 10 Team edition only, or
// released after the copy) keeps its Windows updates not documented. A
// curated Windows fact is never replaced: only an unknown one, or one this
// importer wrote. Pure: texts and the catalog in, problems or files out.
// Docs: docs/import-surface-windows.md.
import { describeDate } from "../generator/derive/dates.ts";
import { nameKey } from "./endoflife-matching.ts";
import { shortCommit } from "./endoflife-proposals.ts";
import { formatProblem, validateFiles, type LoadedRecord } from "../generator/load/validate.ts";
import type { Commitment, DeviceRecord, Source } from "../generator/schema/record.ts";

type Caveat = DeviceRecord["caveats"][number];
import { parseFrontMatter, type SourceProblem } from "./front-matter.ts";
import { recordText } from "../generator/schema/record.ts";
import { jsonText } from "../generator/contract/json-text.ts";
import { fileUrl, SOURCES } from "./sources.ts";

export const SUPPORTED_OS_FILE = "microsoft-devices-docs/surface/surface-supported-operating-systems.md";
export const LIFECYCLE_FILE = "microsoft-devices-docs/surface/surface-driver-firmware-lifecycle-support.md";
export const WINDOWS_FILE = "endoflife.date/os/windows.md";
export const SURFACE_WINDOWS_JSON = "import/surface-windows.json";
export const SURFACE_WINDOWS_MARKDOWN = "import/surface-windows.md";
/** How this importer's revision entries begin. */
export const SURFACE_WINDOWS_MARK = "Windows component from Microsoft's Surface supported operating systems";

/** The component names a Surface record's commitments use. */
export const WINDOWS = "Windows";
export const FIRMWARE = "firmware and drivers";

export interface Snapshot {
  commit: string;
  commitDate: string;
}

export interface SurfaceWindowsInput {
  /** surface-supported-operating-systems.md, and the Devices-docs commit it is from (the firmware page is of the same commit). */
  supportedOs: { path: string; text: string };
  devicesDocs: Snapshot;
  /** endoflife.date's os/windows.md, and its commit. */
  windows: { path: string; text: string };
  endoflife: Snapshot;
  checked: string;
  catalog: LoadedRecord[];
}

/** One row of Microsoft's table: a Surface and the Windows versions it supports. */
export interface SupportedRow {
  device: string;
  line: number;
  /** "10", "11", "8.1", or "10 Team" (Windows 10 Team edition). */
  windows: string[];
  /** The first Windows 11 version it supports ("21H2"), when it supports Windows 11. */
  firstWindows11?: string;
}

/** Table rows whose device name is not a record's name: the records they speak about (names without "Microsoft "). */
const ROW_RECORDS: Record<string, string[]> = {
  "Surface Pro (11th Edition)": ["Surface Pro 11th Edition (Snapdragon)"],
  "Surface Pro 9 with Intel Processor": ["Surface Pro 9"],
  "Surface Pro 9 with 5G (SQ3 Processor)": ["Surface Pro 9"],
  "Surface Pro with LTE Advanced model 1807": ["Surface Pro with LTE Advanced (5th gen)"],
  // Microsoft sold the Laptop 6 and Pro 10 to businesses only; the catalog also has them under the plain name.
  "Surface Pro 10 for Business": ["Surface Pro 10 for Business", "Surface Pro 10"],
  "Surface Laptop 6 for Business": ["Surface Laptop 6 for Business", "Surface Laptop 6"],
  "Surface Laptop (7th Edition)": ["Surface Laptop 7th Edition (Snapdragon)"],
  "Surface Laptop 4 (Intel CPU)": ["Surface Laptop 4"],
  "Surface Laptop 4 (AMD CPU)": ["Surface Laptop 4"],
  "Surface Laptop 3 13”": ["Surface Laptop 3"],
  'Surface Laptop 3 15" (AMD CPU)': ["Surface Laptop 3"],
  'Surface Laptop 3 15" for Business (Intel CPU)': ["Surface Laptop 3"],
  // The 55- and 84-inch Surface Hub are the first Surface Hub; the 2S comes in 50 and 85 inches.
  "Surface Hub v1": ["Surface Hub 55", "Surface Hub 84"],
  "Surface Hub 2S": ["Surface Hub 2S", "Surface Hub 2S 85"],
  "Surface Hub 2S with Windows Pro or Enterprise": ["Surface Hub 2S", "Surface Hub 2S 85"],
  "Surface Book 3 13.5”": ["Surface Book 3"],
  "Surface Book 3 13.5” with dGPU": ["Surface Book 3"],
  "Surface Book 3 15”": ["Surface Book 3"],
  "Surface Book 2 with 7th Gen CPU / Surface Book 2 with 8th Gen CPU": ["Surface Book 2"],
};

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());

/** Every "| Device | Windows OS |" table of Microsoft's page. */
export function readSupportedOs(file: { path: string; text: string }): { rows: SupportedRow[]; problems: SourceProblem[] } {
  const rows: SupportedRow[] = [];
  const problems: SourceProblem[] = [];
  const lines = file.text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const head = cellsOf(lines[i]!);
    if (!lines[i]!.trim().startsWith("|") || head[0] !== "Device" || head[1] !== "Windows OS") continue;
    for (i += 2; i < lines.length && lines[i]!.trim().startsWith("|"); i++) {
      const line = i + 1;
      const cells = cellsOf(lines[i]!);
      if (cells.length !== 2 || !cells[0] || !cells[1]) {
        problems.push({ file: file.path, line, message: "a row must have two filled cells (Device | Windows OS)" });
        continue;
      }
      const device = cells[0]
        .split(/<br\s*\/?>/i)
        .map((d) => d.trim())
        .join(" / ");
      const windows: string[] = [];
      let firstWindows11: string | undefined;
      for (const item of cells[1].split(/<br\s*\/?>/i)) {
        const m = /Windows (\d+(?:\.\d+)?)( Team Edition)?(?:, versions? (\w+))?/i.exec(item);
        if (!m) {
          problems.push({ file: file.path, line, message: `"${item.trim()}" names no Windows version` });
          continue;
        }
        const version = m[2] ? `${m[1]} Team` : m[1]!;
        if (!windows.includes(version)) windows.push(version);
        if (version === "11" && m[3]) firstWindows11 ??= m[3].toUpperCase();
      }
      rows.push({ device, line, windows, ...(firstWindows11 ? { firstWindows11 } : {}) });
    }
  }
  if (!rows.length && !problems.length) problems.push({ file: file.path, line: 1, message: 'no table with the columns "Device | Windows OS"' });
  return { rows, problems };
}

/** A Windows release of windows.md: its Home and Pro end of servicing, and of the paid Extended Security Updates. */
export interface WindowsRelease {
  cycle: string;
  label: string;
  eol: string;
  eoes?: string;
  link: string;
  line: number;
}

export interface WindowsServicing {
  /** The Windows 11 Home and Pro releases ("-w" cycles) still serviced on the snapshot's day, oldest end first. */
  windows11: WindowsRelease[];
  /** Windows 10 22H2, the last Windows 10 release for Home and Pro. */
  windows10: WindowsRelease;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readWindowsServicing(file: { path: string; text: string }, commitDate: string): { servicing?: WindowsServicing; problems: SourceProblem[] } {
  const { frontMatter, problems } = parseFrontMatter(file.path, file.text);
  if (!frontMatter || problems.length) return { problems };
  const releases = (frontMatter.doc.toJS() as { releases?: unknown }).releases;
  if (!Array.isArray(releases)) return { problems: [{ file: file.path, line: 1, message: "releases must be a list of release cycles" }] };
  const lineOf = (cycle: string) => {
    const i = file.text.indexOf(`releaseCycle: "${cycle}"`);
    return i < 0 ? 1 : file.text.slice(0, i).split("\n").length;
  };
  const read: WindowsRelease[] = [];
  for (const r of releases as Record<string, unknown>[]) {
    const cycle = String(r.releaseCycle ?? "");
    if (!/^(10-22h2|11-\d\dh\d-w)$/.test(cycle)) continue;
    const line = lineOf(cycle);
    if (typeof r.eol !== "string" || !DAY.test(r.eol)) problems.push({ file: file.path, line, message: `eol of cycle ${cycle} must be a day YYYY-MM-DD` });
    else if (r.eoes !== undefined && (typeof r.eoes !== "string" || !DAY.test(r.eoes)))
      problems.push({ file: file.path, line, message: `eoes of cycle ${cycle} must be a day YYYY-MM-DD` });
    else if (typeof r.link !== "string" || !r.link.startsWith("https://"))
      problems.push({ file: file.path, line, message: `link of cycle ${cycle} must be an https URL` });
    else
      read.push({
        cycle,
        label: String(r.releaseLabel ?? cycle),
        eol: r.eol,
        ...(typeof r.eoes === "string" ? { eoes: r.eoes } : {}),
        link: r.link,
        line,
      });
  }
  const windows10 = read.find((r) => r.cycle === "10-22h2");
  const windows11 = read.filter((r) => r.cycle.startsWith("11-") && r.eol >= commitDate).sort((a, b) => (a.eol < b.eol ? -1 : 1));
  if (!windows10) problems.push({ file: file.path, line: 1, message: 'no cycle "10-22h2" (Windows 10 22H2, Home and Pro)' });
  if (!windows11.length) problems.push({ file: file.path, line: 1, message: `no Windows 11 Home and Pro ("-w") cycle serviced on ${commitDate}` });
  return problems.length ? { problems } : { servicing: { windows11, windows10: windows10! }, problems };
}

/** What the sources say about one Surface's Windows. */
export type WindowsReading =
  | { kind: "windows 11"; rows: SupportedRow[]; firstWindows11?: string }
  | { kind: "windows 10"; rows: SupportedRow[] }
  | { kind: "team edition"; rows: SupportedRow[] }
  | { kind: "not listed"; rows: [] };

export function readingOf(rows: SupportedRow[]): WindowsReading {
  const all = new Set(rows.flatMap((r) => r.windows));
  if (all.has("11")) {
    const first = rows.map((r) => r.firstWindows11).find(Boolean);
    return { kind: "windows 11", rows, ...(first ? { firstWindows11: first } : {}) };
  }
  if (all.has("10")) return { kind: "windows 10", rows };
  if (all.has("10 Team")) return { kind: "team edition", rows };
  return { kind: "not listed", rows: [] };
}

const SUPPORTED_OS_ID = "ms-surface-supported-os";
const LIFECYCLE_ID = "ms-surface-lifecycle-pinned";
const WINDOWS_ID = "endoflife-windows";
const RELEASE_HEALTH_ID = "microsoft-windows-release-health";

function sourcesOf(input: SurfaceWindowsInput, reading: WindowsReading, servicing: WindowsServicing): Source[] {
  const { devicesDocs: d, endoflife: e, checked } = input;
  const docs = (file: string, id: string, title: string): Source => ({
    id,
    url: fileUrl(SOURCES.devicesDocs.repository, d.commit, file.replace("microsoft-devices-docs/", "")),
    publisher: "Microsoft",
    title: `${title} (${file.replace("microsoft-devices-docs/", "")} at commit ${shortCommit(d.commit)}, ${d.commitDate})`,
    checked,
  });
  const out = [
    docs(SUPPORTED_OS_FILE, SUPPORTED_OS_ID, "Surface supported operating systems"),
    docs(LIFECYCLE_FILE, LIFECYCLE_ID, "Surface devices driver and firmware lifecycle for Windows-based devices"),
  ];
  if (reading.kind === "windows 11" || reading.kind === "windows 10") {
    const link = reading.kind === "windows 11" ? servicing.windows11.at(-1)!.link : servicing.windows10.link;
    out.push(
      {
        id: WINDOWS_ID,
        url: fileUrl(SOURCES.endoflife.repository, e.commit, "products/windows.md"),
        publisher: "endoflife.date",
        title: `products/windows.md at commit ${shortCommit(e.commit)} (${e.commitDate})`,
        checked,
      },
      {
        id: RELEASE_HEALTH_ID,
        url: link,
        publisher: "Microsoft",
        title: `Windows release health: ${reading.kind === "windows 11" ? "Windows 11" : "Windows 10"} release information (cited by endoflife.date, not read here)`,
        citedBy: WINDOWS_ID,
      },
    );
  }
  return out;
}

const day = (value: string) => ({ value, precision: "day" as const });

/** The Windows commitments (security and OS) and caveats the sources give one Surface. */
export function windowsFacts(
  reading: WindowsReading,
  servicing: WindowsServicing,
  endoflife: Snapshot,
  devicesDocs: Snapshot,
): { security: Omit<Commitment, "id">; os: Omit<Commitment, "id">; caveats: Caveat[] } {
  const base = { scope: {}, component: WINDOWS };
  switch (reading.kind) {
    case "windows 11": {
      const releases = servicing.windows11.map((r) => `${r.label.replace(/^11 | \(W\)$/g, "")} until ${describeDate(day(r.eol))}`).join(", ");
      const follows = `Microsoft lists Windows 11 for this Surface${reading.firstWindows11 ? ` (version ${reading.firstWindows11} and later)` : ""}, and Windows 11 Home and Pro releases were serviced on ${endoflife.commitDate} per endoflife.date's os/windows.md (${releases}); each release has its own end, so no device end is documented`;
      const sourceIds = [SUPPORTED_OS_ID, LIFECYCLE_ID, WINDOWS_ID, RELEASE_HEALTH_ID];
      return {
        security: {
          ...base,
          supportedOn: endoflife.commitDate,
          meaning: `Windows security updates follow the Windows 11 release lifecycle, not the end of firmware and driver servicing: ${follows}`,
          evidenceLevel: "manufacturer-policy",
          sourceIds,
        },
        os: {
          ...base,
          supportedOn: endoflife.commitDate,
          meaning: `Windows feature updates follow the Windows 11 release lifecycle: ${follows}`,
          evidenceLevel: "manufacturer-policy",
          sourceIds,
        },
        caveats: [],
      };
    }
    case "windows 10": {
      const w = servicing.windows10;
      const sourceIds = [SUPPORTED_OS_ID, WINDOWS_ID, RELEASE_HEALTH_ID];
      const last = `Windows 10 is the last Windows Microsoft lists for this Surface; version 22H2, the last Windows 10 release, reached its end of servicing for Home and Pro on ${describeDate(day(w.eol))} per endoflife.date's os/windows.md`;
      return {
        security: {
          ...base,
          end: day(w.eol),
          meaning: `${last}. Paid Extended Security Updates are not included support (see the caveats)`,
          evidenceLevel: "manufacturer-policy",
          sourceIds,
        },
        os: { ...base, end: day(w.eol), meaning: last, evidenceLevel: "manufacturer-policy", sourceIds },
        caveats: w.eoes
          ? [
              {
                scope: {},
                text: `Windows 10 Extended Security Updates (ESU) are a paid programme, not the device's included support: endoflife.date's os/windows.md gives ${describeDate(day(w.eoes))} as their end for version 22H2.`,
                sourceIds: [WINDOWS_ID],
              },
            ]
          : [],
      };
    }
    case "team edition": {
      const meaning = `Microsoft lists only Windows 10 Team edition for this Surface Hub, whose servicing endoflife.date's os/windows.md does not give: when its Windows updates end is not documented here (the end of firmware and driver servicing does not end them)`;
      return {
        security: { ...base, end: { precision: "unknown" }, meaning, evidenceLevel: "unverified", sourceIds: [SUPPORTED_OS_ID, LIFECYCLE_ID] },
        os: { ...base, end: { precision: "unknown" }, meaning, evidenceLevel: "unverified", sourceIds: [SUPPORTED_OS_ID, LIFECYCLE_ID] },
        caveats: [],
      };
    }
    case "not listed": {
      const meaning = `Not in Microsoft's Surface supported operating systems table (Devices-docs at ${devicesDocs.commitDate}): which Windows this device runs, and when its Windows updates end, is not documented here (the end of firmware and driver servicing does not end them)`;
      return {
        security: { ...base, end: { precision: "unknown" }, meaning, evidenceLevel: "unverified", sourceIds: [SUPPORTED_OS_ID, LIFECYCLE_ID] },
        os: { ...base, end: { precision: "unknown" }, meaning, evidenceLevel: "unverified", sourceIds: [SUPPORTED_OS_ID, LIFECYCLE_ID] },
        caveats: [],
      };
    }
  }
}

/** A commitment that states nothing yet: no date, no status. */
const isOpen = (c: Commitment) =>
  !c.ended && !c.supportedOn && !["end", "minimum", "ceiling", "lastUpdate"].some((f) => c[f as "end"] && c[f as "end"]!.precision !== "unknown");
/** A commitment this importer wrote: it cites Microsoft's supported-OS table. */
const isOurs = (c: Commitment) => c.sourceIds.includes(SUPPORTED_OS_ID);
/** An ESU caveat this importer wrote. */
const isOurCaveat = (c: Caveat) => c.sourceIds.includes(WINDOWS_ID) && c.text.startsWith("Windows 10 Extended Security Updates");

/**
 * The Windows commitment of one kind put into the record's list: in place of
 * its Windows commitment when that states nothing or is this importer's, in
 * place of the endoflife importer's placeholder for the whole OS (unknown, no
 * source), else added. Undefined when a curated Windows fact stands.
 */
function placed(list: Commitment[], fact: Omit<Commitment, "id">, kind: "os" | "security"): Commitment[] | undefined {
  const at = list.findIndex((c) => c.component?.toLowerCase() === WINDOWS.toLowerCase());
  if (at >= 0) {
    if (!isOpen(list[at]!) && !isOurs(list[at]!)) return undefined;
    return list.map((c, i) => (i === at ? { id: c.id, ...fact } : c));
  }
  const placeholder = kind === "os" ? list.findIndex((c) => c.component === undefined && isOpen(c) && c.sourceIds.length === 0) : -1;
  // Ids are unique across both kinds: the curated Surface records' own.
  const id = kind === "os" ? "windows" : "windows-security";
  if (placeholder >= 0 && list.length === 1) return [{ id, ...fact }];
  return [...list, { id, ...fact }];
}

/** A record's facts without the days its sources were read and its revisions: what a later run compares. */
const factsOf = (r: DeviceRecord) =>
  JSON.stringify({ ...r, evidence: { ...r.evidence, sources: r.evidence.sources.map(({ checked: _c, ...s }) => s), revisions: [] } });

export interface SurfaceEntry {
  slug: string;
  name: string;
  rows: string[];
  reading: WindowsReading["kind"];
  security: string;
  /** imported: its Windows part as these sources say (written now or by an earlier run, so a second run writes the same report); curated: a curated Windows fact stands. */
  status: "imported" | "curated";
  note?: string;
}

export interface SurfaceWindowsReport {
  sources: { devicesDocs: Snapshot & { file: string }; endoflife: Snapshot & { file: string } };
  windows11: { cycle: string; eol: string; line: number }[];
  windows10: { eol: string; eoes?: string; line: number };
  records: SurfaceEntry[];
  /** Table rows that name no record of the catalog. */
  rowsWithoutRecord: { device: string; line: number }[];
  totals: Record<WindowsReading["kind"] | "imported" | "curated", number>;
}

/** Surface records with Microsoft's firmware and driver servicing: the Windows devices (the Android Surface Duo has none). */
const isWindowsSurface = (r: DeviceRecord) =>
  r.manufacturer === "Microsoft" && r.publication.state !== "withdrawn" && r.support.security.some((c) => c.component === FIRMWARE);

export function runSurfaceWindows(input: SurfaceWindowsInput): {
  problems: SourceProblem[];
  writes: { path: string; text: string }[];
  report?: SurfaceWindowsReport;
} {
  const table = readSupportedOs(input.supportedOs);
  const windows = readWindowsServicing(input.windows, input.endoflife.commitDate);
  const problems = [...table.problems, ...windows.problems];
  for (const device of Object.keys(ROW_RECORDS))
    if (!table.rows.some((r) => r.device === device))
      problems.push({ file: input.supportedOs.path, line: 1, message: `no row "${device}", which the importer's table of row names expects` });
  if (problems.length) return { problems, writes: [] };
  const servicing = windows.servicing!;

  const surfaces = input.catalog.filter((l) => isWindowsSurface(l.record));
  const byName = new Map<string, LoadedRecord[]>();
  for (const l of surfaces) for (const key of new Set([l.record.name, ...l.record.aliases].map(nameKey))) byName.set(key, [...(byName.get(key) ?? []), l]);
  const rowsOf = new Map<string, SupportedRow[]>();
  const rowsWithoutRecord: { device: string; line: number }[] = [];
  for (const row of table.rows) {
    const names = ROW_RECORDS[row.device] ?? [row.device];
    const found = names.flatMap((n) => byName.get(nameKey(`Microsoft ${n}`)) ?? []);
    if (!found.length) rowsWithoutRecord.push({ device: row.device, line: row.line });
    for (const l of found) rowsOf.set(l.record.slug, [...(rowsOf.get(l.record.slug) ?? []), row]);
  }

  const entries: SurfaceEntry[] = [];
  const changed: { file: string; record: DeviceRecord }[] = [];
  for (const l of [...surfaces].sort((a, b) => (a.record.slug < b.record.slug ? -1 : 1))) {
    const r = l.record;
    const reading = readingOf(rowsOf.get(r.slug) ?? []);
    const facts = windowsFacts(reading, servicing, input.endoflife, input.devicesDocs);
    const entry = {
      slug: r.slug,
      name: r.name,
      rows: reading.rows.map((row) => `${SUPPORTED_OS_FILE}:${row.line}`),
      reading: reading.kind,
      security: facts.security.supportedOn
        ? `continuing on ${facts.security.supportedOn}`
        : facts.security.end?.precision === "day"
          ? `ended ${facts.security.end.value}`
          : "not documented",
    };
    const security = placed(r.support.security, facts.security, "security");
    const os = placed(r.support.os, facts.os, "os");
    if (!security || !os) {
      entries.push({ ...entry, status: "curated", note: "a curated Windows fact stands: compare it with this reading" });
      continue;
    }
    const ours = sourcesOf(input, reading, servicing);
    const ids = new Set(ours.map((s) => s.id));
    const earlier = new Map(r.evidence.sources.map((s) => [s.id, s]));
    // A source the record already cites at the same address stays as it is (a curator may have titled it).
    const sameSource = (a: Source, b: Source | undefined) => b !== undefined && a.url === b.url;
    const fresh = new Map(ours.map((s) => [s.id, sameSource(s, earlier.get(s.id)) ? earlier.get(s.id)! : s]));
    const next: DeviceRecord = {
      ...r,
      caveats: [...r.caveats.filter((c) => !isOurCaveat(c)), ...facts.caveats],
      support: { os, security },
      evidence: {
        ...r.evidence,
        // In place, so a source another importer added after ours keeps its position and a second run changes nothing.
        sources: [
          ...r.evidence.sources.map((s) => (ids.has(s.id) ? fresh.get(s.id)! : s)),
          ...ours.filter((s) => !earlier.has(s.id)).map((s) => fresh.get(s.id)!),
        ],
      },
    };
    if (factsOf(next) === factsOf(r)) {
      entries.push({ ...entry, status: "imported" });
      continue;
    }
    next.evidence = {
      ...next.evidence,
      revisions: [
        ...r.evidence.revisions,
        {
          date: input.checked,
          change: `${SURFACE_WINDOWS_MARK} (Devices-docs at commit ${shortCommit(input.devicesDocs.commit)}) and endoflife.date os/windows.md (commit ${shortCommit(input.endoflife.commit)}): Windows security updates ${entry.security}${reading.kind === "not listed" ? " (not in the table)" : ""}`,
          reason:
            "Proposed by the surface-windows importer: the end of firmware and driver servicing does not end Windows updates, so Windows is a component of its own (docs/import-surface-windows.md)",
        },
      ],
    };
    changed.push({ file: l.file, record: next });
    entries.push({ ...entry, status: "imported" });
  }

  // The real validator on the whole catalog with the changes: anything it finds stops the run.
  const files = input.catalog.map((l) => {
    const c = changed.find((x) => x.file === l.file);
    return { file: l.file, slug: l.record.slug, text: recordText(c ? c.record : l.record) };
  });
  const before = new Set(
    validateFiles(input.catalog.map((l) => ({ file: l.file, slug: l.record.slug, text: recordText(l.record) }))).problems.map(formatProblem),
  );
  const found = validateFiles(files).problems.filter((p) => !before.has(formatProblem(p)));
  if (found.length) return { problems: found.map((p) => ({ file: p.file, line: 1, message: `${p.path}: ${p.message}` })), writes: [] };

  const count = (k: string) => entries.filter((e) => e.reading === k || e.status === k).length;
  const report: SurfaceWindowsReport = {
    sources: { devicesDocs: { ...input.devicesDocs, file: SUPPORTED_OS_FILE }, endoflife: { ...input.endoflife, file: WINDOWS_FILE } },
    windows11: servicing.windows11.map((r) => ({ cycle: r.cycle, eol: r.eol, line: r.line })),
    windows10: { eol: servicing.windows10.eol, ...(servicing.windows10.eoes ? { eoes: servicing.windows10.eoes } : {}), line: servicing.windows10.line },
    records: entries,
    rowsWithoutRecord,
    totals: {
      "windows 11": count("windows 11"),
      "windows 10": count("windows 10"),
      "team edition": count("team edition"),
      "not listed": count("not listed"),
      imported: count("imported"),
      curated: count("curated"),
    },
  };
  const fileName = (f: string) => f.slice(f.lastIndexOf("/") + 1);
  return {
    problems: [],
    writes: [
      ...changed.map((c) => ({ path: `devices/${fileName(c.file)}`, text: recordText(c.record) })),
      { path: SURFACE_WINDOWS_JSON, text: jsonText(report) },
      { path: SURFACE_WINDOWS_MARKDOWN, text: surfaceWindowsMarkdown(report) },
    ],
    report,
  };
}

const cell = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");

/** The reconciliation report: each Surface, the table rows it was read from, and what its Windows part says. */
export function surfaceWindowsMarkdown(r: SurfaceWindowsReport): string {
  const t = r.totals;
  const lines = [
    "# Surface and Windows: reconciliation report",
    "",
    `Generated by \`npm run import -- surface-windows\` from Microsoft's ${SUPPORTED_OS_FILE} (Devices-docs commit ${shortCommit(r.sources.devicesDocs.commit)}, ${r.sources.devicesDocs.commitDate}) and ${WINDOWS_FILE} (commit ${shortCommit(r.sources.endoflife.commit)}, ${r.sources.endoflife.commitDate}). How each Surface is read: docs/import-surface-windows.md.`,
    "",
    `- ${r.records.length} Windows Surface records: ${t["windows 11"]} run Windows 11, ${t["windows 10"]} end on Windows 10, ${t["team edition"]} Windows 10 Team edition only, ${t["not listed"]} not in the table.`,
    `- Windows 11 Home and Pro releases serviced on ${r.sources.endoflife.commitDate}: ${r.windows11.map((w) => `${w.cycle} until ${w.eol} (${WINDOWS_FILE}:${w.line})`).join(", ")}.`,
    `- Windows 10 22H2 Home and Pro: end of servicing ${r.windows10.eol}${r.windows10.eoes ? `, paid Extended Security Updates until ${r.windows10.eoes}` : ""} (${WINDOWS_FILE}:${r.windows10.line}).`,
    `- Table rows with no record: ${r.rowsWithoutRecord.map((x) => `${cell(x.device)} (line ${x.line})`).join(", ") || "none"}.`,
    "",
    "| Record | Table lines | Windows | Windows security updates | Status |",
    "| --- | --- | --- | --- | --- |",
    ...r.records.map(
      (e) =>
        `| ${e.slug} | ${e.rows.map((x) => x.slice(x.lastIndexOf(":") + 1)).join(", ") || "—"} | ${e.reading} | ${e.security} | ${e.status}${e.note ? `: ${e.note}` : ""} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
