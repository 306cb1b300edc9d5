// SOFA's feeds for iOS/iPadOS and watchOS map each hardware identifier of a
// current device to its marketing name (v2/*_data_feed.json, `Devices`).
// SOFA's own README warns its model tables hold errors (data/models/sources:
// iPhone18,1 is named "iPhone 17 Pro Max" there and "iPhone 17 Pro" in the
// feed), so an identifier the two name differently goes to the review list,
// not into a record. Pure.
import type { SourceProblem } from "./front-matter.ts";
import { shortCommit } from "./endoflife-proposals.ts";
import { appleDevice } from "./identifiers-apple-names.ts";
import { lineOfKey, parseJson } from "./identifiers-json.ts";
import type { ReviewEntry } from "./identifiers-report.ts";
import type { SourceRow, SourceRead } from "./identifiers-merge.ts";
import type { SourceFile } from "./identifiers-appledb.ts";
import type { SnapshotContext } from "./identifiers-samsung.ts";
import { fileUrl, SOURCES } from "./sources.ts";

export const SOFA_FEEDS = ["v2/ios_data_feed.json", "v2/watchos_data_feed.json"];
export const SOFA_TABLES = ["data/models/sources/ios_devices.json", "data/models/sources/ipados_devices.json", "data/models/sources/watchos_devices.json"];

export function readSofa(feeds: SourceFile[], tables: SourceFile[], ctx: SnapshotContext): { run?: SourceRead; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  const rows: SourceRow[] = [];
  const review: ReviewEntry[] = [];
  const tableName = new Map<string, { name: string; file: string }>();
  for (const t of tables) {
    const parsed = parseJson(t.path, t.text);
    problems.push(...parsed.problems);
    const devices = (parsed.value as { devices?: unknown } | undefined)?.devices;
    if (parsed.value === undefined) continue;
    if (typeof devices !== "object" || devices === null) {
      problems.push({ file: t.path, line: 1, message: "must hold a devices map (identifier → device)" });
      continue;
    }
    for (const [id, d] of Object.entries(devices)) {
      const name = (d as { marketingName?: unknown } | null)?.marketingName;
      if (typeof name === "string") tableName.set(id, { name, file: t.rel });
    }
  }
  for (const f of [...feeds].sort((a, b) => (a.rel < b.rel ? -1 : 1))) {
    const parsed = parseJson(f.path, f.text);
    problems.push(...parsed.problems);
    if (parsed.value === undefined) continue;
    const devices = (parsed.value as { Devices?: unknown }).Devices;
    if (typeof devices !== "object" || devices === null || Array.isArray(devices)) {
      problems.push({ file: f.path, line: 1, message: "must hold a Devices map (identifier → { MarketingName })" });
      continue;
    }
    const source = {
      id: `sofa-${f.rel.replace(/^v2\//, "").replace(/_data_feed\.json$/, "")}-feed`,
      url: fileUrl(SOURCES.sofa.repository, ctx.commit, f.rel),
      publisher: "SOFA (Mac Admins Open Source)",
      title: `${f.rel} at commit ${shortCommit(ctx.commit)} (${ctx.commitDate})`,
      checked: ctx.checked,
    };
    const start = f.text.indexOf('"Devices"');
    for (const [id, d] of Object.entries(devices).sort(([a], [b]) => (a < b ? -1 : 1))) {
      const line = lineOfKey(f.text, id, start);
      const name = (d as { MarketingName?: unknown } | null)?.MarketingName;
      if (typeof name !== "string" || !name.trim()) {
        problems.push({ file: f.path, line, message: `Devices["${id}"].MarketingName must be the device's name, text` });
        continue;
      }
      const device = appleDevice(name);
      const other = tableName.get(id);
      if (other && appleDevice(other.name).name !== device.name) {
        review.push({ file: f.rel, line, label: name, codes: [id], candidates: [], reason: `SOFA's ${other.file} names it "${other.name}"` });
        continue;
      }
      rows.push({
        ref: { file: f.rel, line, label: name },
        manufacturer: "Apple",
        name: device.name,
        codes: [{ kind: "hardware-identifier", value: id, ...(device.regions ? { regions: device.regions } : {}) }],
        source,
      });
    }
  }
  if (problems.length) return { problems };
  return {
    problems,
    run: {
      files: [...feeds.map((f) => f.rel), ...tables.map((t) => t.rel)],
      rows,
      review,
      setAside: {},
    },
  };
}
