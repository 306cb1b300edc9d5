// Surface System SKUs (the SMBIOS value Intune, Configuration Manager and
// PowerShell report, e.g. Surface_Pro_1796) from Microsoft's System SKU
// reference table. A row names a configuration ("Surface Laptop 3 13.5"
// Intel", "Surface Go 2 Commercial"); the device is tried as written, then
// without the sales channel (Commercial/Consumer), then the screen size, then
// the processor maker, then a closing "Wi-Fi" (the configuration without a
// modem: "Surface 3 Wi-Fi"; tried last, as "Surface Pro X (Wi-Fi)" is a record
// of its own), and the first exact match wins. "(Japan)", "(Korea)"
// and "(U.S.)" are the markets the row is for. The System Model column is a
// marketing name, not a code, and is not taken. Pure.
import type { SourceProblem } from "./front-matter.ts";
import { shortCommit } from "./endoflife-proposals.ts";
import type { SourceRow, SourceRead } from "./identifiers-merge.ts";
import type { SourceFile } from "./identifiers-appledb.ts";
import type { SnapshotContext } from "./identifiers-samsung.ts";
import { fileUrl, SOURCES } from "./sources.ts";

export const SURFACE_TABLE = "surface/surface-system-sku-reference.md";

const MARKETS: [RegExp, string[] | undefined][] = [
  [/\s*\(U\.S\.\)/, ["US"]],
  [/\s*\(Japan\)/, ["JP"]],
  [/\s*\(Korea\)/, ["KR"]],
  [/\s*\(outside of [^)]*\)/, undefined],
];

/** The names a row's device may go by, most literal first, and the markets it names. */
export function surfaceNames(device: string): { names: string[]; regions?: string[] } {
  let name = device.replace(/\s+/g, " ").trim();
  let regions: string[] | undefined;
  for (const [re, r] of MARKETS)
    if (re.test(name)) {
      name = name.replace(re, "").trim();
      regions ??= r;
    }
  const channel = name
    .replace(/,?\s*\b(?:Commercial|Consumer)\b,?/g, " ")
    .replace(/\s+/g, " ")
    .replace(/\s+,/g, ",")
    .trim();
  const size = channel.replace(/\s+\d+(?:\.\d+)?"/g, "").trim();
  const maker = size.replace(/\s+\b(?:Intel|AMD)\b/g, "").trim();
  const wifi = maker.replace(/\s+(?:Wi-Fi|\(Wi-Fi\))$/, "").trim();
  return { names: [...new Set([name, channel, size, maker, wifi])], ...(regions ? { regions } : {}) };
}

export function readSurface(table: SourceFile, ctx: SnapshotContext): { run?: SourceRead; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  const rows: SourceRow[] = [];
  const lines = table.text.split("\n");
  const head = lines.findIndex((l) => /^\|\s*Device\s*\|\s*System Model\s*\|\s*System SKU\s*\|?\s*$/.test(l));
  if (head < 0) return { problems: [{ file: table.path, line: 1, message: 'no table with the columns "Device | System Model | System SKU"' }] };
  const source = {
    id: "microsoft-surface-sku-reference",
    url: fileUrl(SOURCES.devicesDocs.repository, ctx.commit, SURFACE_TABLE),
    publisher: "Microsoft",
    title: `Surface System SKU reference (${SURFACE_TABLE} at commit ${shortCommit(ctx.commit)}, ${ctx.commitDate})`,
    checked: ctx.checked,
  };
  for (let i = head + 2; i < lines.length && lines[i]!.trim().startsWith("|"); i++) {
    const cells = lines[i]!.trim()
      .replace(/^\|/, "")
      .replace(/\|$/, "")
      .split("|")
      .map((c) => c.trim());
    const line = i + 1;
    if (cells.length !== 3 || cells.some((c) => !c)) {
      problems.push({
        file: table.path,
        line,
        message: `a row must have three filled cells (Device | System Model | System SKU), found ${cells.filter(Boolean).length}`,
      });
      continue;
    }
    const [device, , sku] = cells as [string, string, string];
    const { names, regions } = surfaceNames(device);
    rows.push({
      ref: { file: SURFACE_TABLE, line, label: device },
      manufacturer: "Microsoft",
      name: names[0]!,
      fallbackNames: names.slice(1),
      codes: [{ kind: "sku", value: sku, ...(regions ? { regions } : {}) }],
      source,
    });
  }
  if (problems.length) return { problems };
  return {
    problems,
    run: {
      files: [SURFACE_TABLE],
      rows,
      review: [],
      setAside: {},
    },
  };
}
