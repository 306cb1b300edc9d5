// The reference client (client/, the device-lifecycle package) against the
// preview serving the fixture catalog, through a proxy that injects the
// failures the spec asks consumers to ride out: the service down, a 500, a
// 429 with Retry-After, an answer slower than the client waits. Asserts what
// a consumer sees (stale answers with their age, retries honoured, exit
// codes), never how long anything took: the client's clock and sleep are
// injected where a wait matters.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { createClient, memoryCache, ProblemError, UnavailableError, type ClientOptions } from "../../client/src/index.js";
import { diskCache } from "../../client/src/disk-cache.js";
import { PUBLISHED_FIXTURES, servePreview, type Preview } from "../helpers/build.ts";
import { faultProxy, type FaultProxy } from "./faults.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = path.join(ROOT, "client/src/cli.js");

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

describe("CLI", () => {
  const cli = (args: string[]) =>
    run(process.execPath, [CLI, ...args], { cwd: ROOT }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
    );

  it("prints one verdict line per device, and --fail-on gives the exit status", async () => {
    const ok = await cli(["check", "alpha-phone", "SM-A525F", "--base", proxy.url]);
    expect(ok.code).toBe(0);
    expect(ok.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(/^alpha-phone: Alpha Phone \(alpha-phone\): receiving-updates: .*<https?:\/\/.*\/devices\/alpha-phone>$/),
      expect.stringMatching(/^SM-A525F \(identifier\): Alpha Phone \(alpha-phone\): receiving-updates: /),
    ]);
    expect(ok.stderr).toMatch(/public dataset license v1/);
    expect((await cli(["check", "alpha-phone", "delta-watch", "--base", proxy.url, "--fail-on", "ended"])).code).toBe(1);
    expect((await cli(["check", "alpha-phone", "--base", proxy.url, "--fail-on", "ending-soon"])).code).toBe(0);
    expect((await cli(["check", "no-such-device", "--base", proxy.url])).code).toBe(3);
    const usage = await cli(["check", "alpha-phone", "--base", proxy.url, "--fail-on", "soon"]);
    expect([usage.code, usage.stderr]).toEqual([2, expect.stringMatching(/--fail-on takes ended or ending-soon/)]);
  });

  it("--json gives each device's verdict, links, freshness and attribution", async () => {
    const { code, stdout } = await cli(["check", "delta-watch", "--base", proxy.url, "--json"]);
    expect(code).toBe(0);
    const [r] = JSON.parse(stdout);
    expect(r).toMatchObject({ input: "delta-watch", status: "ok", slug: "delta-watch", stale: false, verdict: { code: "security-ended" } });
    expect(r.attribution.license.version).toBe("1");
    expect(r.links.page).toMatch(/\/devices\/delta-watch$/);
  });

  it("--csv reads a fleet export's model-code and model columns as the fleet page does", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dl-client-csv-"));
    const file = path.join(dir, "intune.csv");
    writeFileSync(
      file,
      "Device name;Manufacturer;Model;Model Number\nlaptop-1;Acme;Beta Tablet;\nphone-7;Samsung;Galaxy A52;SM-A525F\nphone-8;Nobody;Nothing 1;\n",
    );
    const { code, stdout } = await cli(["check", "--csv", file, "--base", proxy.url]);
    expect(code).toBe(3);
    expect(stdout.trim().split("\n")).toEqual([
      expect.stringMatching(/:2 \(name Beta Tablet\): Beta Tablet \(beta-tablet\): minimum-commitment: /),
      expect.stringMatching(/:3 \(identifier SM-A525F\): Alpha Phone \(alpha-phone\): /),
      expect.stringMatching(/:4: not-found: no published device has the slug, model code or name "Nothing 1"/),
    ]);
  });

  it("service down: answers from --cache DIR, says so on stderr, and --fail-on still decides the exit", async () => {
    const cache = mkdtempSync(path.join(tmpdir(), "dl-client-cli-"));
    expect((await cli(["check", "delta-watch", "--base", proxy.url, "--cache", cache])).code).toBe(0);
    proxy.always({ kind: "down" });
    const down = await cli(["check", "delta-watch", "--base", proxy.url, "--cache", cache, "--fail-on", "ended"]);
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/^delta-watch: .*security-ended: .*\[stale: checked \d{4}-\d\d-\d\dT[^,]+, \d+ s ago\]/);
    expect(down.stderr).toMatch(/could not answer \(cannot reach the service .*\); 1 of 1 answers come from the cache/);
    const empty = mkdtempSync(path.join(tmpdir(), "dl-client-cli-"));
    const nothing = await cli(["check", "delta-watch", "--base", proxy.url, "--cache", empty]);
    expect([nothing.code, nothing.stdout]).toEqual([3, expect.stringMatching(/^delta-watch: unavailable: /)]);
  });

  it("runs as npx device-lifecycle from the repository after npm ci", async () => {
    const { stdout } = await run("npx", ["--no-install", "device-lifecycle", "--help"], { cwd: ROOT });
    expect(stdout).toMatch(/^Usage: device-lifecycle check/);
  });
});
