// The reference client (client/, the device-lifecycle package) against the
// preview serving the fixture catalog, through a proxy that injects the
// failures the spec asks consumers to ride out: the service down, a 500, a
// 429 with Retry-After, an answer slower than the client waits. Asserts what
// a consumer sees (stale answers with their age, retries honoured), never
// how long anything took: the client's clock and sleep are injected where a
// wait matters. The CLI has its own suite: cli.test.ts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { createClient, memoryCache, ProblemError, UnavailableError, type ClientOptions } from "../../client/src/index.js";
import { diskCache } from "../../client/src/disk-cache.js";
import { PUBLISHED_FIXTURES, servePreview, type Preview } from "../helpers/build.ts";
import { faultProxy, type FaultProxy } from "./faults.ts";

let preview: Preview;
let proxy: FaultProxy;

beforeAll(async () => {
  preview = await servePreview(inject("fixtureDist"));
  proxy = await faultProxy(preview.url);
});
afterAll(async () => {
  await proxy?.close();
  await preview?.close();
});
beforeEach(() => {
  proxy.always(null);
  proxy.seen.length = 0;
});

/** A client of the proxy whose clock is `clock.now` and whose waits are recorded, not slept. */
function testClient(options: Partial<ClientOptions> = {}) {
  const clock = { now: Date.parse("2026-11-24T12:00:00Z") };
  const waits: number[] = [];
  const client = createClient({
    baseUrl: proxy.url,
    cache: memoryCache(),
    timeoutMs: 2_000,
    now: () => clock.now,
    sleep: async (ms) => {
      waits.push(ms);
      clock.now += ms;
    },
    ...options,
  });
  return { client, clock, waits };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("calls", () => {
  it("getDevice answers the record with its attribution and page, and revalidates with If-None-Match", async () => {
    const { client } = testClient();
    const first = await client.getDevice("alpha-phone");
    expect(first.data.slug).toBe("alpha-phone");
    expect(first.stale).toBe(false);
    expect(first.etag).toMatch(/^"/);
    expect(first.provenance.attribution?.license.version).toBe("1");
    expect(first.provenance.page).toBe(first.data.links.page);
    const second = await client.getDevice("alpha-phone");
    expect(proxy.seen.map((s) => [s.ifNoneMatch, s.status])).toEqual([
      [null, 200],
      [first.etag, 304],
    ]);
    expect(second.data).toEqual(first.data);
    expect(second.stale).toBe(false);
  });

  it("listDevices walks every cursor page and keeps the attribution with each record", async () => {
    const { client } = testClient();
    const slugs: string[] = [];
    for await (const item of client.listDevices({ limit: 3 })) {
      slugs.push(item.device.slug);
      expect(item.provenance.attribution?.text).toMatch(/Device Lifecycle Records/);
      expect(item.provenance.page).toBe(item.device.links.page);
    }
    expect(slugs.sort()).toEqual([...PUBLISHED_FIXTURES].sort());
    expect(proxy.seen.length).toBe(Math.ceil(PUBLISHED_FIXTURES.length / 3));
    await expect(client.listDevices({ limit: 101 }).next()).rejects.toThrow(RangeError);
  });

  it("listDevices keeps the device types asked for, one or several", async () => {
    const { client } = testClient();
    const typesOf = async (type: "laptop" | ("tablet" | "wearable")[]) => {
      const seen: string[] = [];
      for await (const item of client.listDevices({ type, limit: 2 })) seen.push(item.device.deviceType);
      return seen;
    };
    expect(await typesOf("laptop")).toEqual(["laptop"]);
    const several = await typesOf(["wearable", "tablet"]);
    expect(several.length).toBeGreaterThan(2);
    expect(new Set(several)).toEqual(new Set(["tablet", "wearable"]));
    expect(proxy.seen.some((s) => s.path.includes("type=wearable%2Ctablet"))).toBe(true);
  });

  it("getEvidence keeps the sources as links", async () => {
    const { client } = testClient();
    const evidence = await client.getEvidence("alpha-phone");
    expect(evidence.provenance.sources.length).toBeGreaterThan(0);
    for (const s of evidence.provenance.sources) expect(new URL(s.url).protocol).toMatch(/^https?:$/);
  });

  it("lookupIdentifier finds a device by a model code as people write it", async () => {
    const { client } = testClient();
    const found = await client.lookupIdentifier("sm-a525f");
    expect(found.data.devices.map((d) => d.slug)).toEqual(["alpha-phone"]);
    expect(found.provenance.sources[0]?.url).toMatch(/^https?:/);
    await expect(client.lookupIdentifier("NO-SUCH-CODE-1")).rejects.toThrow(ProblemError);
  });

  it("a 404 is an answer: a ProblemError with the problem document, never a stale copy", async () => {
    const { client } = testClient();
    const err = await client.getDevice("no-such-device").catch((e) => e);
    expect(err).toBeInstanceOf(ProblemError);
    expect(err.status).toBe(404);
    expect(err.problem.type).toMatch(/not-found/);
  });

  it("downloadDataset('csv') reads back with a CSV parser, with the suggested file name and the license", async () => {
    const { client } = testClient();
    const csv = await client.downloadDataset("csv");
    const rows = parse(Buffer.from(csv.data), { bom: true });
    expect(rows.length).toBeGreaterThan(PUBLISHED_FIXTURES.length);
    expect(csv.filename).toBe("device-lifecycle-dataset.csv");
    expect(csv.contentType).toMatch(/^text\/csv/);
    expect(csv.provenance.license).toMatch(/\/license$/);
    const again = await client.downloadDataset("csv");
    expect(proxy.seen.at(-1)?.status).toBe(304);
    expect(Buffer.from(again.data).equals(Buffer.from(csv.data))).toBe(true);
  });

  for (const format of ["ndjson", "sqlite"] as const) {
    it(`downloadDataset('${format}') answers the dump`, async () => {
      const { client } = testClient();
      const answer = await client.downloadDataset(format);
      expect(answer.data.length).toBeGreaterThan(0);
      if (format === "ndjson") {
        const lines = new TextDecoder().decode(answer.data).trim().split("\n");
        expect(lines.map((l: string) => JSON.parse(l).slug).sort()).toEqual([...PUBLISHED_FIXTURES].sort());
      } else expect(new TextDecoder().decode(answer.data.subarray(0, 15))).toBe("SQLite format 3");
    });
  }
});

describe("faults", () => {
  it("service down: the last good answer, marked stale, with its age", async () => {
    const { client, clock, waits } = testClient();
    const good = await client.getDevice("beta-tablet");
    clock.now += 3 * 3600_000;
    proxy.always({ kind: "down" });
    const stale = await client.getDevice("beta-tablet");
    expect(stale.stale).toBe(true);
    expect(stale.staleReason).toMatch(/cannot reach the service/);
    // Its age counts from when the service last confirmed it: three hours, and the retries' backoff.
    expect(stale.age).toBe(Math.floor((3 * 3600_000 + sum(waits)) / 1000));
    expect(stale.checkedAt).toBe(good.checkedAt);
    expect(stale.data).toEqual(good.data);
    expect(stale.provenance.attribution).toEqual(good.provenance.attribution);
    // The bounded retries: the first attempt and two more, then the cache.
    expect(proxy.seen.filter((s) => s.status === "dropped").length).toBe(3);
  });

  it("service down and nothing cached: UnavailableError", async () => {
    const { client } = testClient();
    proxy.always({ kind: "down" });
    await expect(client.getDevice("alpha-phone")).rejects.toThrow(UnavailableError);
  });

  it("500: the last good answer, stale; a later success is fresh again", async () => {
    const { client, clock, waits } = testClient();
    await client.getDevice("gamma-phone");
    clock.now += 60_000;
    proxy.always({ kind: "status", status: 500 });
    const stale = await client.getDevice("gamma-phone");
    expect([stale.stale, stale.age, stale.staleReason]).toEqual([true, Math.floor((60_000 + sum(waits)) / 1000), "the service answered 500"]);
    proxy.always(null);
    const fresh = await client.getDevice("gamma-phone");
    expect([fresh.stale, fresh.age]).toEqual([false, 0]);
  });

  it("a slow answer: the timeout counts as a failure, and the cache answers", async () => {
    const { client } = testClient({ timeoutMs: 300, retries: 0 });
    await client.getDevice("theta-watch");
    proxy.always({ kind: "slow", ms: 3_000 });
    const stale = await client.getDevice("theta-watch");
    expect(stale.stale).toBe(true);
    expect(stale.staleReason).toBe("no answer within 0.3 s");
  });

  it("429 with Retry-After: waits as asked, then retries and answers fresh", async () => {
    const seenWaits: number[] = [];
    const { client: c2, waits } = testClient({ onWait: (e) => seenWaits.push(e.seconds) });
    proxy.inject({ kind: "rate-limited", retryAfter: 7 });
    const answer = await c2.getDevice("delta-watch");
    expect(answer.stale).toBe(false);
    expect(proxy.seen.map((s) => s.status)).toEqual([429, 200]);
    expect(seenWaits).toEqual([7]);
    expect(waits).toEqual([7000]);
  });

  it("429 asking for more than the client may wait: the cache answers at once, or the error says when to come back", async () => {
    const { client, waits } = testClient({ maxWaitSeconds: 30 });
    await client.getDevice("kappa-phone");
    proxy.always({ kind: "rate-limited", retryAfter: 120 });
    const stale = await client.getDevice("kappa-phone");
    expect([stale.stale, stale.staleReason]).toEqual([true, "rate limited (retry after 120 s)"]);
    const err = await client.getDevice("mu-phone").catch((e) => e);
    expect(err).toBeInstanceOf(UnavailableError);
    expect(err.retryAfter).toBe(120);
    expect(waits.filter((ms) => ms >= 30_000)).toEqual([]);
  });

  it("the disk cache keeps the last good answer across clients (processes)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dl-client-cache-"));
    const first = testClient({ cache: diskCache(dir) });
    await first.client.getDevice("iota-phone");
    proxy.always({ kind: "down" });
    const second = testClient({ cache: diskCache(dir), retries: 0 });
    second.clock.now = first.clock.now + 90_000;
    const stale = await second.client.getDevice("iota-phone");
    expect([stale.stale, stale.age, stale.data.slug]).toEqual([true, 90, "iota-phone"]);
  });
});

it("getFleetIndex answers the fleet page's one file of the catalog, revalidated with its ETag", async () => {
  const { client } = testClient();
  const first = await client.getFleetIndex();
  expect(first.data.format).toBe("device-fleet-index/1");
  expect(first.provenance.license).toMatch(/\/license$/);
  await client.getFleetIndex();
  expect(proxy.seen.map((s) => [s.path, s.status])).toEqual([
    ["/fleet-index/v1/fleet.json", 200],
    ["/fleet-index/v1/fleet.json", 304],
  ]);
});
