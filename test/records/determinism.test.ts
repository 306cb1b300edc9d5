// Same data and same --now: byte-identical output, so ETags never churn between deploys.
import { expect, it } from "vitest";
import { buildTo, treeDigests } from "../helpers/build.ts";

it("two builds of the same data and --now are identical, file for file", async () => {
  const a = await buildTo();
  const b = await buildTo();
  const da = treeDigests(a.outDir);
  expect(Object.keys(da).length).toBe(a.report.files);
  expect(treeDigests(b.outDir)).toEqual(da);
});

it("another --now changes the verdicts, not the file set", async () => {
  const a = await buildTo(undefined, "2026-11-22");
  const b = await buildTo(undefined, "2031-01-01");
  const da = treeDigests(a.outDir);
  const db = treeDigests(b.outDir);
  expect(Object.keys(db).sort()).toEqual(Object.keys(da).sort());
  expect(db["api/v1/devices/alpha-phone.json"]).not.toBe(da["api/v1/devices/alpha-phone.json"]);
});
