// A synthetic fleet export, as Intune writes one ("Device name", "Model",
// "Manufacturer", "Serial number"), from a catalog's records: the mix of a
// real fleet (model codes in Model as Intune gives Samsung's, written in
// other cases and separators, with a /DS suffix; marketing names beside a
// manufacturer; devices the catalog does not hold; rows without a model)
// and hostile cells, seeded so the same arguments give the same file. For
// the fleet page's Chromium test and its benchmark.
import { stringify } from "csv-stringify/sync";
import { rng } from "../../generator/synth/generate.ts";
import type { DeviceRecord } from "../../generator/schema/record.ts";

/** The hostile cells every export carries (its first two rows): markup a careless page would run, a formula a spreadsheet would. */
export const HOSTILE = { name: "<img src=x onerror=alert(1)>", model: '=HYPERLINK("https://evil.example","click")' };

export function fleetExport(records: readonly DeviceRecord[], rows: number, seed = 1): string {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const published = records.filter((r) => r.publication.state === "published");
  const coded = published.filter((r) => r.variants.some((v) => v.identifiers?.length));
  const out: string[][] = [["Device name", "Model", "Manufacturer", "Serial number"]];
  out.push([HOSTILE.name, HOSTILE.model, "Evil", "0"], ["DEVICE-1", HOSTILE.name, "Evil", "1"]);
  for (let i = 2; i < rows; i++) {
    const roll = rand();
    const r = pick(roll < 0.5 && coded.length ? coded : published);
    let model: string;
    if (roll < 0.5 && coded.length) {
      const code = pick(r.variants.flatMap((v) => v.identifiers ?? [])).value;
      model = roll < 0.1 ? code.toLowerCase() : roll < 0.15 ? code.replace(/-/g, " ") : roll < 0.2 ? `${code}/DS` : code;
    } else if (roll < 0.85) model = roll < 0.7 ? r.name : pick(r.variants).model;
    else if (roll < 0.97) model = `Unlisted Phone ${Math.floor(rand() * 50)}`;
    else model = "";
    out.push([`DEVICE-${i}`, model, roll < 0.85 ? r.manufacturer : "Unknown", `SN${(i * 7919).toString(36).toUpperCase()}`]);
  }
  return stringify(out, { record_delimiter: "windows" });
}

/** One row of an export written to a product's layout, and what the page must say about it. */
export interface LayoutRow {
  cells: string[];
  /** The device the row was written from, or null for a model the catalog has no record of. */
  slug: string | null;
  /** A Windows row: its release's label and that release's end for the row's edition. */
  windows?: { label: string; end: string };
  /** A Chromebook row: the Auto Update Expiration month the export gives. */
  aue?: string;
}

export interface LayoutExport {
  name: string;
  header: string[];
  rows: LayoutRow[];
  csv: string;
}

/** Windows builds as Intune reports them ("OS version"), with the release and end windows.md gives for each edition family. */
const WINDOWS = [
  { version: "10.0.22631.4460", sku: "Enterprise", label: "Windows 11 23H2 (Enterprise, Education)", end: "2026-11-10" },
  { version: "10.0.22631.4460", sku: "Education", label: "Windows 11 23H2 (Enterprise, Education)", end: "2026-11-10" },
  { version: "10.0.22631.4317", sku: "Professional", label: "Windows 11 23H2 (Home, Pro)", end: "2025-11-11" },
  { version: "10.0.19045.5131", sku: "Enterprise", label: "Windows 10 22H2", end: "2025-10-14" },
  { version: "10.0.26100.2314", sku: "Enterprise", label: "Windows 11 24H2 (Enterprise, Education)", end: "2027-10-12" },
];

/** PCs as Intune lists them (Manufacturer, Model): makers' own model names and Lenovo's machine types. */
const PCS: [maker: string, model: string][] = [
  ["Dell Inc.", "Latitude 5440"],
  ["Dell Inc.", "OptiPlex 7010"],
  ["HP", "HP EliteBook 840 G10 Notebook PC"],
  ["HP", "HP ProDesk 400 G7 Microtower PC"],
  ["LENOVO", "21HD003YGE"],
  ["LENOVO", "20XW004BUS"],
];

/** Chromebooks as Google Admin names them, beside the catalog's own. */
const CHROMEBOOKS = ["Acer Chromebook Spin 311 (CP311-3H)", "HP Chromebook 11 G9 EE", "Dell Chromebook 3100", "ASUS Chromebook C204EE"];

/** The published record a row names exactly (as written, or with its maker before it), else null: a model the catalog may gain later. */
function recordNamed(published: readonly DeviceRecord[], maker: string, model: string): string | null {
  const wanted = new Set([model, `${maker.replace(/ Inc\.$| Corporation$/, "")} ${model}`].map((s) => s.toLowerCase()));
  return published.find((r) => wanted.has(r.name.toLowerCase()))?.slug ?? null;
}

/** Codes of one kind carried by exactly one published record (a shared code is ambiguous by design, not a test of matching). */
function uniqueCodes(published: readonly DeviceRecord[], kind: string): Map<string, DeviceRecord> {
  const seen = new Map<string, DeviceRecord | null>();
  for (const r of published)
    for (const v of r.variants)
      for (const id of v.identifiers ?? []) {
        const key = id.value.toLowerCase();
        if (id.kind === kind) seen.set(key, seen.has(key) && seen.get(key) !== r ? null : r);
        else if (seen.has(key) && seen.get(key) !== r) seen.set(key, null);
      }
  const out = new Map<string, DeviceRecord>();
  for (const r of published)
    for (const v of r.variants) for (const id of v.identifiers ?? []) if (id.kind === kind && seen.get(id.value.toLowerCase()) === r) out.set(id.value, r);
  return out;
}

const csvOf = (header: string[], rows: LayoutRow[]) => stringify([header, ...rows.map((r) => r.cells)], { record_delimiter: "windows" });

/**
 * Intune's "All devices" export (its column layout, as the admin centre
 * writes it): Windows PCs by Dell, HP and Lenovo the catalog has no record
 * of, with their OS builds and SkuFamily; Surfaces, iPhones and Pixels by
 * name; Samsung phones by model code with their security patch level.
 */
export function intuneExport(records: readonly DeviceRecord[], rows = 187, seed = 37): LayoutExport {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const published = records.filter((r) => r.publication.state === "published");
  const header = [
    "Device ID",
    "Device name",
    "Enrollment date",
    "Last check-in",
    "Azure AD Device ID",
    "OS version",
    "Azure AD registered",
    "EAS activation ID",
    "Serial number",
    "Manufacturer",
    "Model",
    "EAS activated",
    "IMEI",
    "Last EAS sync time",
    "EAS reason",
    "EAS status",
    "Compliance grace period expiration",
    "Security patch level",
    "Wi-Fi MAC",
    "MEID",
    "Subscriber carrier",
    "Total storage",
    "Free storage",
    "Management name",
    "Category",
    "UserId",
    "Primary user UPN",
    "Primary user email address",
    "Primary user display name",
    "WiFiMacAddress",
    "OS",
    "Ownership",
    "Management state",
    "Compliance",
    "Managed by",
    "SkuFamily",
    "JoinType",
    "Phone number",
  ];
  const col = Object.fromEntries(header.map((h, i) => [h, i]));
  const byName = (prefix: string) => published.filter((r) => r.slug.startsWith(prefix));
  const iphones = byName("apple-iphone-1").filter((r) => /^Apple iPhone 1[1-5]( Pro| Pro Max| mini| Plus)?$/.test(r.name));
  const pixels = byName("google-pixel-").filter((r) => /^Google Pixel \d+a?( Pro| XL| Pro XL)?$/.test(r.name));
  const surfaces = published.filter((r) => r.slug === "microsoft-surface-pro-7-plus" || r.slug === "microsoft-surface-pro-7");
  const samsung = [
    ...uniqueCodes(
      published.filter((r) => r.manufacturer === "Samsung"),
      "model-number",
    ),
  ].filter(([code]) => /^SM-[AGS]\d{3}[A-Z]$/.test(code));
  const out: LayoutRow[] = [];
  for (let i = 0; i < rows; i++) {
    const cells = header.map(() => "");
    const set = (name: string, value: string) => (cells[col[name]!] = value);
    set("Device ID", `0f${(i * 7919).toString(16).padStart(6, "0")}-4c1a-4e2b-9d3e-${(i * 104729).toString(16).padStart(12, "0")}`);
    set("Enrollment date", "2024-02-12 09:14:51.0000000");
    set("Last check-in", "2026-11-27 18:02:11.0000000");
    set("Serial number", `SN${(i * 7919).toString(36).toUpperCase()}`);
    set("Ownership", "Corporate");
    set("Compliance", "Compliant");
    set("Managed by", "Intune");
    // The other cells as Intune fills them, so the file is as large as a real one (about 660 bytes a row).
    const guid = (n: number) =>
      `${(n * 2654435761).toString(16).padStart(8, "0").slice(-8)}-${(n % 65536).toString(16).padStart(4, "0")}-4${(n % 4096).toString(16).padStart(3, "0")}-a${(n % 4093).toString(16).padStart(3, "0")}-${(n * 40503).toString(16).padStart(12, "0").slice(-12)}`;
    const user = i === 3 ? "zoe.angstrom" : `user${i}`;
    set("Azure AD Device ID", guid(i + 1));
    set("Azure AD registered", "True");
    set(
      "EAS activation ID",
      guid(i + 7)
        .replaceAll("-", "")
        .toUpperCase(),
    );
    set("EAS activated", "False");
    set("EAS status", "None");
    set("Last EAS sync time", "0001-01-01 00:00:00.0000000");
    set("Compliance grace period expiration", "9999-12-31 23:59:59.9999999");
    set("IMEI", String(350000000000000 + i * 7919));
    set("Wi-Fi MAC", (i * 2654435761).toString(16).padStart(12, "0").slice(-12));
    set("WiFiMacAddress", (i * 2654435761).toString(16).padStart(12, "0").slice(-12));
    set("Total storage", "243680");
    set("Free storage", String(50000 + ((i * 7919) % 150000)));
    set("Management name", `${user}_Windows_11/27/2024_9:14 AM`);
    set("UserId", guid(i + 3));
    set("Primary user UPN", `${user}@contoso.example`);
    set("Primary user email address", `${user}@contoso.example`);
    set("Management state", "Managed");
    set("Primary user display name", i === 3 ? "Zoë Ångström" : `User ${i}`);
    const roll = rand();
    let row: LayoutRow;
    if (roll < 0.5) {
      const [maker, model] = pick(PCS);
      const w = i % 10 < 6 ? WINDOWS[0]! : pick(WINDOWS);
      set("Device name", `PC-${i}`);
      set("Manufacturer", maker);
      set("Model", model);
      set("OS", "Windows");
      set("OS version", w.version);
      set("SkuFamily", w.sku);
      set("JoinType", "Microsoft Entra joined");
      row = { cells, slug: recordNamed(published, maker, model), windows: { label: w.label, end: w.end } };
    } else if (roll < 0.6 && surfaces.length) {
      const r = pick(surfaces);
      const w = WINDOWS[0]!;
      set("Device name", `SURFACE-${i}`);
      set("Manufacturer", "Microsoft Corporation");
      set("Model", r.name.replace(/^Microsoft /, ""));
      set("OS", "Windows");
      set("OS version", w.version);
      set("SkuFamily", w.sku);
      row = { cells, slug: r.slug, windows: { label: w.label, end: w.end } };
    } else if (roll < 0.8 && iphones.length) {
      const r = pick(iphones);
      set("Device name", `${r.name.replace(/^Apple /, "")} de ${i}`);
      set("Manufacturer", "Apple");
      set("Model", r.name.replace(/^Apple /, ""));
      set("OS", "iOS/iPadOS");
      set("OS version", pick(["17.6.1", "18.1", "18.7.2", "16.7.10"]));
      row = { cells, slug: r.slug };
    } else if (roll < 0.9 && samsung.length) {
      const [code, r] = pick(samsung);
      set("Device name", `Galaxy-${i}`);
      set("Manufacturer", "samsung");
      set("Model", code);
      set("OS", "Android");
      set("OS version", pick(["13", "14", "15"]));
      set("Security patch level", pick(["2024-05-01", "2025-09-01", "2023-12-01"]));
      row = { cells, slug: r.slug };
    } else {
      const r = pick(pixels);
      set("Device name", `Pixel-${i}`);
      set("Manufacturer", "Google");
      set("Model", r.name.replace(/^Google /, ""));
      set("OS", "Android");
      set("OS version", "15");
      set("Security patch level", "2025-10-05");
      row = { cells, slug: r.slug };
    }
    out.push(row);
  }
  return { name: "intune-all-devices.csv", header, rows: out, csv: csvOf(header, out) };
}

/** Jamf Pro's computer inventory export: Macs by Model Identifier beside their Model, with their macOS version and build. */
export function jamfComputersExport(records: readonly DeviceRecord[], rows = 64, seed = 38): LayoutExport {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const published = records.filter((r) => r.publication.state === "published");
  const macs = [
    ...uniqueCodes(
      published.filter((r) => /^apple-mac/.test(r.slug)),
      "hardware-identifier",
    ),
  ];
  const header = [
    "Computer Name",
    "Serial Number",
    "Model",
    "Model Identifier",
    "Operating System",
    "Operating System Version",
    "Operating System Build",
    "Last Inventory Update",
    "Username",
  ];
  const out: LayoutRow[] = [];
  for (let i = 0; i < rows; i++) {
    const [code, r] = pick(macs);
    const [version, build] = pick([
      ["14.6.1", "23G93"],
      ["15.1", "24B83"],
      ["13.7.1", "22H221"],
      ["12.7.6", "21H1320"],
    ]);
    out.push({
      cells: [
        `mac-${i}`,
        `C02${(i * 7919).toString(36).toUpperCase()}`,
        r.name.replace(/^Apple /, ""),
        code,
        "macOS",
        version!,
        build!,
        "2026-11-27 08:00:00",
        `user${i}`,
      ],
      slug: r.slug,
    });
  }
  return { name: "jamf-computers.csv", header, rows: out, csv: csvOf(header, out) };
}

/** Jamf Pro's mobile device inventory export: iPhones and iPads by Model Identifier, with their iOS or iPadOS version. */
export function jamfMobileExport(records: readonly DeviceRecord[], rows = 40, seed = 39): LayoutExport {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const published = records.filter((r) => r.publication.state === "published");
  const mobiles = [
    ...uniqueCodes(
      published.filter((r) => /^apple-i(phone|pad)/.test(r.slug)),
      "hardware-identifier",
    ),
  ];
  const header = ["Display Name", "Serial Number", "Model", "Model Identifier", "Operating System", "Operating System Version", "Last Inventory Update"];
  const out: LayoutRow[] = [];
  for (let i = 0; i < rows; i++) {
    const [code, r] = pick(mobiles);
    const os = r.slug.startsWith("apple-ipad") ? "iPadOS" : "iOS";
    out.push({
      cells: [
        `mobile-${i}`,
        `F${(i * 104729).toString(36).toUpperCase()}`,
        r.name.replace(/^Apple /, ""),
        code,
        os,
        pick(["17.6.1", "18.1", "16.7.10"]),
        "2026-11-27 08:00:00",
      ],
      slug: r.slug,
    });
  }
  return { name: "jamf-mobile.csv", header, rows: out, csv: csvOf(header, out) };
}

/**
 * Google Admin's Chrome devices export: Chromebooks by Model, with the
 * Chrome and ChromeOS versions and the Auto Update Expiration Google gives
 * each device (as "YYYY-MM" and as "Month YYYY"); the catalog's own
 * Chromebooks get their record's month, one of them another month.
 */
export function googleAdminExport(records: readonly DeviceRecord[], rows = 140, seed = 40): LayoutExport {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const published = records.filter((r) => r.publication.state === "published");
  const known = published.filter((r) => /chromebook/i.test(r.name) && r.support.security.some((c) => c.end?.precision === "month"));
  const header = [
    "Serial Number",
    "Model",
    "Status",
    "Last Sync",
    "User",
    "Location",
    "Asset ID",
    "Notes",
    "OS Version",
    "Platform Version",
    "Firmware Version",
    "MAC Address",
    "Auto Update Expiration",
  ];
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  const out: LayoutRow[] = [];
  for (let i = 0; i < rows; i++) {
    let model: string;
    let aue: string;
    let slug: string | null;
    if (known.length && rand() < 0.3) {
      const r = pick(known);
      model = r.name;
      slug = r.slug;
      const end = r.support.security.find((c) => c.end?.precision === "month")!.end!.value!;
      aue = i % 17 === 0 ? `${Number(end.slice(0, 4)) + 1}${end.slice(4)}` : end;
    } else {
      model = pick(CHROMEBOOKS);
      slug = recordNamed(published, "", model);
      aue = `${2025 + Math.floor(rand() * 8)}-${String(1 + Math.floor(rand() * 12)).padStart(2, "0")}`;
    }
    const written = i % 2 ? aue : `${months[Number(aue.slice(5, 7)) - 1]} ${aue.slice(0, 4)}`;
    out.push({
      cells: [
        `5CD${(i * 7919).toString(36).toUpperCase()}`,
        model,
        "ACTIVE",
        "2026-11-27T07:12:00.000Z",
        `student${i}@school.example`,
        "Room 4",
        `A-${i}`,
        "",
        "130.0.6723.126",
        "16033.58.0",
        "Google_Octopus.11297.421.0",
        "a0:b1:c2:d3:e4:f5",
        written,
      ],
      slug,
      aue,
    });
  }
  return { name: "google-admin-chrome-devices.csv", header, rows: out, csv: csvOf(header, out) };
}
