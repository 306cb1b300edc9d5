// Watch mode: an edit to a record file (or an OS release file) is served after
// an in-place rebuild of what depends on it; a broken edit keeps the last good build.
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { build, type BuildReport, type WatchMemory } from "../../generator/build.ts";
import { watchCatalog, type Watcher } from "../../generator/watch.ts";
import { FIXTURES, SITE, servePreview, tempDir, type Preview } from "../helpers/build.ts";
import { PAGES } from "../../generator/contract/resources.ts";
import { staticSearch } from "../../generator/derive/search-static.ts";
import { ROOT_FILE } from "../../generator/derive/search-files.ts";

const dataDir = tempDir("dl-watch-");
const outDir = path.join(dataDir, "dist");
const site = { ...SITE, now: "2026-11-22" };
const memory: WatchMemory = { cache: new Map() };
let preview: Preview;
let watcher: Watcher;
let rebuilt: ((r: BuildReport) => void) | undefined;
/** The next rebuild's report, served or refused. */
const nextRebuild = () => new Promise<BuildReport>((resolve) => (rebuilt = resolve));

beforeAll(async () => {
  cpSync(path.join(FIXTURES, "devices"), path.join(dataDir, "devices"), { recursive: true });
  cpSync(path.join(FIXTURES, "os"), path.join(dataDir, "os"), { recursive: true });
  expect((await build({ dataDir, outDir, site, watch: memory })).ok).toBe(true);
  preview = await servePreview(outDir);
  // As npm start does: the preview reloads the build before the rebuild counts as done.
  watcher = watchCatalog(
    { dataDir, outDir, site },
    memory,
    async (r) => {
      await preview.reload();
      rebuilt?.(r);
    },
    (r) => rebuilt?.(r),
  );
});
afterAll(async () => {
  watcher?.close();
  await preview?.close();
});

const file = () => path.join(dataDir, "devices/alpha-phone.json");
const edit = (f: (r: any) => void) => {
  const r = JSON.parse(readFileSync(file(), "utf8"));
  f(r);
  writeFileSync(file(), JSON.stringify(r, null, 2));
};

it("an edited record is rebuilt in place, alone, and served", async () => {
  const other = await (await fetch(`${preview.url}/api/v1/devices/beta-tablet`)).text();
  const done = nextRebuild();
  edit((r) => (r.name = "Alpha Phone (renamed in place)"));
  const report = await done;
  expect(report.incremental).toEqual(["alpha-phone"]);
  const body = await (await fetch(`${preview.url}/api/v1/devices/alpha-phone`)).json();
  expect(body.name).toBe("Alpha Phone (renamed in place)");
  const list = await (await fetch(`${preview.url}/api/v1/devices?q=renamed%20in%20place`)).json();
  expect(list.devices.map((d: any) => d.slug)).toEqual(["alpha-phone"]);
  expect(await (await fetch(`${preview.url}/devices/alpha-phone`)).text()).toContain("Alpha Phone (renamed in place)");
  expect(readFileSync(path.join(outDir, "api/v1/dataset.csv"), "utf8")).toContain("Alpha Phone (renamed in place)");
  expect(await (await fetch(`${preview.url}/manufacturers/example-maker`)).text()).toContain("Alpha Phone (renamed in place)");
  // The site search's index follows the new name, read as the browser reads it.
  const search = staticSearch(async (file) => {
    const text = await (await fetch(preview.url + PAGES.searchIndex.file({ file }))).text();
    return file.endsWith(".json") ? JSON.parse(text) : text;
  });
  expect((await search.search("renamed in place", 5)).results.map((r) => r.slug)).toEqual(["alpha-phone"]);
  expect(await (await fetch(`${preview.url}/api/v1/devices/beta-tablet`)).text()).toBe(other);
});

it("an edited model code is rebuilt in place: the new code answers, the old one is in no bucket", async () => {
  // The rename above reached the lookup's bucket too.
  expect((await (await fetch(`${preview.url}/api/v1/identifiers/SM-A525B`)).json()).devices[0].name).toBe("Alpha Phone (renamed in place)");
  const done = nextRebuild();
  edit((r) => (r.variants[1].identifiers[0].value = "SM-A525M"));
  expect((await done).incremental).toEqual(["alpha-phone"]);
  const found = await fetch(`${preview.url}/api/v1/identifiers/sm-a525m`);
  expect(found.status).toBe(200);
  expect((await found.json()).devices.map((d: any) => [d.slug, d.identifier.value])).toEqual([["alpha-phone", "SM-A525M"]]);
  expect((await fetch(`${preview.url}/api/v1/identifiers/SM-A525B`)).status).toBe(404);
  const buckets = readdirSync(path.join(outDir, "api/v1/identifiers")).map((f) => JSON.parse(readFileSync(path.join(outDir, "api/v1/identifiers", f), "utf8")));
  expect(buckets.filter((b) => Object.hasOwn(b.keys, "SMA525B"))).toEqual([]);
  expect(buckets.filter((b) => Object.hasOwn(b.keys, "SMA525M"))).toHaveLength(1);
});

it("an edit that changes nothing the search index holds leaves the index alone", async () => {
  const index = path.join(outDir, PAGES.searchIndex.file({ file: ROOT_FILE }));
  const { mtimeMs } = statSync(index);
  const done = nextRebuild();
  edit((r) => (r.support.os[0].meaning += " (reworded)"));
  expect((await done).incremental).toEqual(["alpha-phone"]);
  expect(statSync(index).mtimeMs).toBe(mtimeMs);
  expect(await (await fetch(`${preview.url}/devices/alpha-phone`)).text()).toContain("(reworded)");
});

it("a broken edit is refused, names its file and field, and changes nothing that is served", async () => {
  const before = await (await fetch(`${preview.url}/api/v1/devices/alpha-phone`)).text();
  const page = await (await fetch(`${preview.url}/devices/alpha-phone`)).text();
  const refused = nextRebuild();
  edit((r) => (r.support.os[0].end = { value: "2030-13", precision: "month" }));
  const report = await refused;
  expect(report.ok).toBe(false);
  expect(report.problems).toContainEqual(
    expect.objectContaining({ file: expect.stringMatching(/alpha-phone\.json$/), path: expect.stringMatching(/^support\.os\[0\]\.end/) }),
  );
  expect(await (await fetch(`${preview.url}/api/v1/devices/alpha-phone`)).text()).toBe(before);
  expect(await (await fetch(`${preview.url}/devices/alpha-phone`)).text()).toBe(page);
  // Mended, it is served again.
  const mended = nextRebuild();
  edit((r) => (r.support.os[0].end = { value: "2030-12", precision: "month" }));
  expect((await mended).ok).toBe(true);
  expect((await (await fetch(`${preview.url}/api/v1/devices/alpha-phone`)).json()).support.os[0].end).toMatchObject({ value: "2030-12", precision: "month" });
});

it("an edited OS release file is rebuilt and served; a broken one is refused, naming its file and field", async () => {
  const osFile = path.join(dataDir, "os/ios.json");
  const editOs = (f: (o: any) => void) => {
    const o = JSON.parse(readFileSync(osFile, "utf8"));
    f(o);
    writeFileSync(osFile, JSON.stringify(o, null, 2));
  };
  const done = nextRebuild();
  editOs((o) => (o.releases.find((r: any) => r.id === "18").label = "iOS 18 (edited)"));
  expect((await done).ok).toBe(true);
  expect((await (await fetch(`${preview.url}/api/v1/os/ios/18`)).json()).label).toBe("iOS 18 (edited)");
  const refused = nextRebuild();
  editOs((o) => (o.releases.find((r: any) => r.id === "18").security = {}));
  const report = await refused;
  expect(report.ok).toBe(false);
  expect(report.problems).toContainEqual(
    expect.objectContaining({ file: expect.stringMatching(/os\/ios\.json$/), path: expect.stringMatching(/^releases\[\d+\]\.security/) }),
  );
  expect((await (await fetch(`${preview.url}/api/v1/os/ios/18`)).json()).label).toBe("iOS 18 (edited)");
});
