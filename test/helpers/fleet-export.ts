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
