// The Mac laptops in data/ (npm run import -- macs), as a fleet manager
// would check them: at least 110 published MacBook records, each with its
// hardware identifier and a verdict drawn from its last macOS cycle; every
// model released before 2018 reads as ended; every Apple-silicon model as
// receiving updates; and a Mac is found by its hardware identifier (q=) and
// by its A-number (the identifier lookup), through the request chain over the
// build of data/ this run shares.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { verdictOf } from "../../generator/derive/verdict.ts";
import { DeviceRecord } from "../../generator/schema/record.ts";
import { DATA } from "../helpers/catalogs.ts";
import { chainTarget, type HttpTarget } from "../helpers/targets.ts";

/** The day the suite judges the catalog on (as verdict-truth.test.ts). */
const TODAY = "2026-11-24";

const macs = readdirSync(path.join(DATA, "devices"))
  .filter((f) => f.startsWith("apple-macbook"))
  .map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(DATA, "devices", f), "utf8"))))
  .filter((r) => r.publication.state === "published");
const hardwareIds = (r: DeviceRecord) => r.variants.flatMap((v) => (v.identifiers ?? []).filter((i) => i.kind === "hardware-identifier").map((i) => i.value));
/** Apple silicon: the "Mac" identifiers (Mac14,2 on), MacBookAir10,1, MacBookPro17,1 and 18,x. */
const appleSilicon = (r: DeviceRecord) => hardwareIds(r).some((id) => /^Mac\d+,|^MacBookAir10,|^MacBookPro1[78],/.test(id));

let target: HttpTarget;
beforeAll(async () => {
  target = await chainTarget(inject("dataDist"));
});

describe("data/'s Mac laptops", () => {
  it("holds at least 110 published MacBook records, each with its hardware identifier and macOS versions", () => {
    expect(macs.length).toBeGreaterThanOrEqual(110);
    expect(macs.filter((r) => r.deviceType !== "laptop" || !hardwareIds(r).length || r.osVersions?.[0]?.os !== "macOS").map((r) => r.slug)).toEqual([]);
  });

  it("reads every model released before 2018 as ended, with its last cycle's last release as the last update observed", () => {
    const old = macs.filter((r) => r.released.value !== undefined && r.released.value < "2018");
    expect(old.length).toBeGreaterThan(60);
    expect(old.filter((r) => verdictOf(r, TODAY).code !== "security-ended").map((r) => r.slug)).toEqual([]);
    expect(old.filter((r) => !r.support.security[0]!.lastUpdate).map((r) => r.slug)).toEqual([]);
  });

  it("reads every Apple-silicon model as receiving updates", () => {
    const silicon = macs.filter(appleSilicon);
    expect(silicon.length).toBeGreaterThan(30);
    expect(silicon.filter((r) => verdictOf(r, TODAY).code !== "receiving-updates").map((r) => r.slug)).toEqual([]);
  });

  it("finds a Mac by its hardware identifier (q=MacBookPro18,3) and by its A-number (/api/v1/identifiers/A2442)", async () => {
    const list = (await (await target.fetch(`/api/v1/devices?${new URLSearchParams({ q: "MacBookPro18,3" })}`)).json()) as { devices: { slug: string }[] };
    expect(list.devices[0]?.slug).toBe("apple-macbook-pro-14-inch-m1-pro-2021");
    const lookup = await target.fetch("/api/v1/identifiers/A2442");
    expect(lookup.status).toBe(200);
    const body = (await lookup.json()) as { devices: { slug: string; identifier: { shared?: boolean } }[] };
    // AppleDB gives A2442 to the 14-inch M1 Pro and M1 Max alike: both are listed, each saying the code is shared.
    expect(body.devices.map((d) => d.slug).sort()).toEqual(["apple-macbook-pro-14-inch-m1-max-2021", "apple-macbook-pro-14-inch-m1-pro-2021"]);
    expect(body.devices.every((d) => d.identifier.shared)).toBe(true);
  });
});
