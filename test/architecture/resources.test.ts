// The resource table (generator/contract/resources.ts) against a real build:
// every stored resource's file is where the table says, every pattern reads
// back the parameters it was filled with, and the OpenAPI document describes
// exactly the table's API paths.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { assetFiles } from "../../generator/emit/assets.ts";
import { sampleParams } from "../helpers/resource-params.ts";
import {
  API,
  ERROR_PAGES,
  FLAT,
  PAGES,
  STORAGE,
  matchResource,
  pathOf,
  resolveApiPath,
  type Resource,
  type StoredResource,
} from "../../generator/contract/resources.ts";

/** A withdrawn record of the fixture catalog, for the withdrawal notice. */
const WITHDRAWN = "eta-phone";
const stored = (table: Record<string, Resource>) => Object.entries(table).filter((e): e is [string, StoredResource] => "file" in e[1]);

let dist: string;
/** The stylesheet under its content-hashed name (emit/assets.ts), the `file` of an asset path. */
let hashedCss: string;
beforeAll(async () => {
  dist = inject("fixtureDist");
  // Assets are stored under content-hashed names (emit/assets.ts).
  hashedCss = (await assetFiles()).get("site.css")!.file;
});

describe("the resource table", () => {
  it("names the file the build writes for every stored resource", () => {
    const missing = [...stored(API), ...stored(PAGES)]
      .filter(([name]) => name !== "browsePage" && name !== "browseTypePage" && name !== "manufacturerPage") // the fixture catalog fits on one A–Z page (a type's too) and one page a manufacturer
      .map(([name, r]) => [name, r.file(r === PAGES.withdrawal ? { device_slug: WITHDRAWN } : sampleParams(r, { file: hashedCss }), FLAT)] as const)
      .filter(([, file]) => !existsSync(path.join(dist, file)));
    expect(missing).toEqual([]);
    for (const file of [
      STORAGE.layout,
      STORAGE.identifierLayout,
      STORAGE.listIndex,
      STORAGE.listPage(null),
      STORAGE.goneProblem(WITHDRAWN),
      STORAGE.notFoundProblem,
      STORAGE.rateLimitedProblem,
      STORAGE.withdrawnBadge,
      ERROR_PAGES.notFound,
    ]) {
      expect(existsSync(path.join(dist, file)), file).toBe(true);
    }
  });

  it("reads back the parameters a path was built with, and nothing else", () => {
    for (const r of [...Object.values(API), ...Object.values(PAGES)] as Resource[]) {
      const params = sampleParams(r, { file: hashedCss });
      expect(matchResource(r, pathOf(r, params)), r.path).toEqual(params);
      expect(matchResource(r, `${pathOf(r, params)}/x`), r.path).toBeNull();
    }
    expect(resolveApiPath("/api/v1/devices/alpha-phone/evidence")).toEqual({ name: "evidence", params: { device_slug: "alpha-phone" } });
    expect(resolveApiPath("/api/v1/calendar/alpha-phone.ics")).toEqual({ name: "deviceCalendar", params: { device_slug: "alpha-phone" } });
    expect(resolveApiPath("/api/v1/calendar/no-alarms/alpha-phone.ics")).toEqual({ name: "deviceCalendarNoAlarms", params: { device_slug: "alpha-phone" } });
    expect(resolveApiPath("/api/v1/calendar/no-alarms/manufacturers/example-maker.ics")).toEqual({
      name: "manufacturerCalendarNoAlarms",
      params: { manufacturer: "example-maker" },
    });
    expect(resolveApiPath("/api/v1/feed/manufacturers/example-maker/archive/2026-10.xml")).toEqual({
      name: "manufacturerFeedArchive",
      params: { manufacturer: "example-maker", month: "2026-10" },
    });
    expect(resolveApiPath("/api/v1/nothing")).toBeNull();
  });

  it("is what the OpenAPI document describes: every API path, each once", () => {
    const openapi = JSON.parse(readFileSync(path.join(dist, API.openapi.file({})), "utf8"));
    expect(Object.keys(openapi.paths).sort()).toEqual(
      Object.values(API)
        .map((r) => r.path)
        .sort(),
    );
  });
});
