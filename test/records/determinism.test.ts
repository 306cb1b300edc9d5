// Same data and same --now: byte-identical output, so ETags never churn between deploys.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { buildTo } from "../helpers/build.ts";

function digestTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const abs = path.join(e.parentPath, e.name);
    out[path.relative(dir, abs)] = createHash("sha256").update(readFileSync(abs)).digest("hex");
  }
  return out;
}

it("two builds of the same data and --now are identical, file for file", async () => {
  const a = await buildTo();
  const b = await buildTo();
  const da = digestTree(a.outDir);
  expect(Object.keys(da).length).toBe(a.report.files);
  expect(digestTree(b.outDir)).toEqual(da);
});

it("another --now changes the verdicts, not the file set", async () => {
  const a = await buildTo(undefined, "2026-11-22");
  const b = await buildTo(undefined, "2031-01-01");
  const da = digestTree(a.outDir);
  const db = digestTree(b.outDir);
  expect(Object.keys(db).sort()).toEqual(Object.keys(da).sort());
  expect(db["api/v1/devices/alpha-phone.json"]).not.toBe(da["api/v1/devices/alpha-phone.json"]);
});
