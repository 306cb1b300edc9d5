// The Chromebook records in data/ against the pinned copy of Google's
// recovery index and update server (chromeos-update-directory): every AUE a
// record gives was said of a HWID one of its own models' patterns matches
// (re-derived here from aue-samples.json, not from the importer's reading),
// no record borrows its board's date, and the catalog holds the count issue
// 32 asks for.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCatalog } from "../../generator/load/read.ts";
import type { DeviceRecord } from "../../generator/schema/record.ts";
import { DATA } from "../helpers/catalogs.ts";
import { PINNED_SOURCES } from "../helpers/endoflife.ts";

interface Sample {
  path: string;
  imageName: string;
  sampleHwid: string;
  aueDate: string | null;
}
const COPY = path.join(PINNED_SOURCES, "chromeos-update-directory");
const samples: Sample[] = JSON.parse(readFileSync(path.join(COPY, "aue-samples.json"), "utf8")).samples;
const matches = (pattern: string, hwid: string) => new RegExp(pattern).test(hwid);

const catalog = await readCatalog(DATA);
const chromebooks = catalog.records.map((l) => l.record).filter((r) => r.deviceType === "chromebook" && r.publication.state === "published");
const patternsOf = (r: DeviceRecord, models?: string[]) =>
  r.variants
    .filter((v) => !models || models.includes(v.model))
    .flatMap((v) => (v.identifiers ?? []).filter((x) => x.kind === "hwid-pattern").map((x) => x.value));

describe("Chromebook AUE in data/", () => {
  it("holds at least 400 published Chromebooks, at least 300 of them with an AUE month", () => {
    const dated = chromebooks.filter((r) => r.support.security.some((c) => c.end?.precision === "month"));
    expect(chromebooks.length).toBeGreaterThanOrEqual(400);
    expect(dated.length).toBeGreaterThanOrEqual(300);
  });

  it("gives an AUE only where a sample with that month has a HWID the model's own pattern matches", () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const r of chromebooks)
      for (const c of [...r.support.os, ...r.support.security]) {
        if (!c.end || c.evidenceLevel !== "manufacturer-dated") continue;
        // Each model the commitment covers must have its own sample: a sibling's date is not its date.
        for (const variant of r.variants.filter((v) => !c.scope.models || c.scope.models.includes(v.model))) {
          const patterns = patternsOf(r, [variant.model]);
          checked++;
          const ok = samples.some((s) => s.aueDate?.slice(0, 7) === c.end!.value && patterns.some((p) => matches(p, s.sampleHwid)));
          if (!ok) wrong.push(`${r.slug} ${c.id} ${variant.model}: ${c.end.value}`);
        }
      }
    expect(checked).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });

  it("cites the upstream file of a matching sample, at the pinned commit", () => {
    const wrong: string[] = [];
    for (const r of chromebooks)
      for (const c of r.support.security.filter((x) => x.end && x.evidenceLevel === "manufacturer-dated")) {
        const files = c.sourceIds.map((id) => r.evidence.sources.find((s) => s.id === id)!.url.replace(/^.*\/blob\/[0-9a-f]{40}\//, ""));
        const patterns = patternsOf(r, c.scope.models);
        if (!samples.some((s) => files.includes(s.path) && s.aueDate?.slice(0, 7) === c.end!.value && patterns.some((p) => matches(p, s.sampleHwid))))
          wrong.push(`${r.slug} ${c.id}`);
      }
    expect(wrong).toEqual([]);
  });

  it("says 'AUE not recorded' with no date where no sample matched its model", () => {
    const undated = chromebooks.flatMap((r) => r.support.security.filter((c) => !c.end).map((c) => ({ r, c })));
    expect(undated.length).toBeGreaterThan(0);
    for (const { r, c } of undated) {
      expect(c.meaning).toMatch(/^AUE not recorded for this model/);
      // Its board's other models may well have dates; no sample of its own image matched its own pattern.
      for (const v of r.variants.filter((x) => !c.scope.models || c.scope.models.includes(x.model))) {
        const image = /^Recovery image (\S+) /.exec(v.note ?? "")?.[1];
        expect(image, `${r.slug}: ${v.model}`).toBeDefined();
        const own = samples.filter((s) => s.imageName === image && s.aueDate && patternsOf(r, [v.model]).some((p) => matches(p, s.sampleHwid)));
        expect(own.map((s) => s.path)).toEqual([]);
      }
    }
  });
});
