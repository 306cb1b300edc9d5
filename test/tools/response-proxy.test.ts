// Stoplight Prism's validating proxy (test/helpers/validating-proxy.ts) in
// front of the preview while the HTTP suites run: the per-device endpoints
// (test/records/http.test.ts), the exports (test/exports/http.test.ts) and the
// list contract (test/list/contract.ts, over a synthetic catalog). Their own
// tests run here once more, unchanged, through the proxy, and every endpoint of
// a build of data/ is requested through it too; then every exchange
// Prism checked against the build's OpenAPI document must be free of
// contract breaches (validating-proxy.ts contractBreaches).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { buildTo, filesIn, servePreview, setPreviewFront, type Preview } from "../helpers/build.ts";
import { DATA, spread } from "../helpers/catalogs.ts";
import { contractBreaches, startValidatingProxy, type ValidatingProxy } from "../helpers/validating-proxy.ts";
import { listContract, publishedOf, walk, type Target } from "../list/contract.ts";
import { synthBuild } from "../list/setup.ts";

const proxies: ValidatingProxy[] = [];
const throughPrism = async (upstream: Preview, dist: string): Promise<Preview> => {
  const proxy = await startValidatingProxy(upstream.url, dist);
  proxies.push(proxy);
  return {
    url: proxy.url,
    close: async () => {
      await proxy.close();
      await upstream.close();
    },
  };
};

setPreviewFront(throughPrism);
await import("../records/http.test.ts");
await import("../exports/http.test.ts");

let list: Target;
let listServer: Preview;
beforeAll(async () => {
  const { dist } = await synthBuild(300, 3);
  listServer = await throughPrism(await servePreview(dist), dist);
  list = { url: listServer.url, dist };
});
afterAll(() => listServer?.close());
describe("the list contract, through Prism", () => listContract(() => list));

/** Records whose endpoints are requested through Prism (each answer passes its schema check): all of a smaller catalog. */
const RECORDS_CHECKED = 200;
let data: Preview;
let dataDist: string;
beforeAll(async () => {
  dataDist = (await buildTo(DATA)).outDir;
  data = await throughPrism(await servePreview(dataDist), dataDist);
});
afterAll(() => data?.close());
describe("every endpoint of the data/ build, through Prism", () => {
  it("answers each record, its evidence, badge and calendar, the list walk, the dataset and its years, the feeds and the descriptions", async () => {
    const get = async (p: string) => (await fetch(data.url + p, { redirect: "manual" })).status;
    const slugs = publishedOf(dataDist).map((r) => r.slug);
    for (const slug of spread(slugs, RECORDS_CHECKED)) {
      for (const p of [`/api/v1/devices/${slug}`, `/api/v1/devices/${slug}/evidence`, `/api/v1/badge/${slug}`, `/api/v1/calendar/${slug}.ics`]) expect(await get(p), p).toBe(200);
    }
    const years = filesIn(path.join(dataDist, "api/v1/dataset")).map((f) => f.replace(/\.csv$/, ""));
    for (const year of years) expect(await get(`/api/v1/dataset?year=${year}`), year).toBe(200);
    for (const p of ["/api/v1/dataset", "/feed.xml", "/support-calendar.ics", "/api/v1/openapi.json", "/api/v1/schema/device-record.json", "/api/devices?limit=100"]) expect(await get(p), p).toBe(200);
    expect((await walk({ url: data.url, dist: dataDist }, { limit: "7" })).slugs).toEqual([...slugs].sort());
  });
});

describe("Prism's validating proxy", () => {
  it("found no response that breaks the OpenAPI document, and no request it refuses that the server took", () => {
    const exchanges = proxies.reduce((n, p) => n + p.exchanges(), 0);
    console.log(`prism: ${exchanges} exchanges through ${proxies.length} proxies; ${proxies.flatMap((p) => p.findings).length} with a finding`);
    expect(exchanges).toBeGreaterThan(300);
    expect(contractBreaches(proxies.flatMap((p) => p.findings))).toEqual([]);
  });
});
