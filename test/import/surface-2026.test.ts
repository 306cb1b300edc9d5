// Microsoft's Surface rows of 2026 in data/, as endoflife.date's release-data
// (releases/surface.json) has them and a fleet manager would check them: the
// five devices of 2026 are published with their end of servicing, and each of
// the ten rows Microsoft renamed in July 2026 answers at its new address while
// its old one redirects there (301), through the request chain over the build
// of data/ this run shares.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { REAL_RELEASE_DATA } from "../helpers/endoflife.ts";
import { chainTarget, type HttpTarget } from "../helpers/targets.ts";

const releaseData = JSON.parse(readFileSync(path.join(REAL_RELEASE_DATA, "releases/surface.json"), "utf8")).releases as Record<
  string,
  { releaseLabel: string; eol: string }
>;

const NEW = [
  "pro-for-business-12th-edition-intel",
  "pro-12th-edition-snapdragon",
  "laptop-for-business-8th-edition-intel",
  "laptop-for-business-13-inch-1st-edition-intel",
  "laptop-8th-edition-snapdragon",
];
/** Old release name (the product file's, our old slug) → the name release-data gives it since July 2026. */
const RENAMED: Record<string, string> = {
  "laptop-13-inch": "laptop-13-inch-1st-edition-snapdragon",
  "laptop-5g-for-business": "laptop-5g-for-business-7th-edition-intel",
  "laptop-7th-edition-intel-processor": "laptop-for-business-7th-edition-intel",
  "laptop-7th-edition-snapdragon-processor": "laptop-7th-edition-snapdragon",
  "pro-10-with-5g": "pro-10-with-5g-for-business",
  "pro-11th-edition-5g": "pro-with-5g-11th-edition-snapdragon",
  "pro-11th-edition-intel-processor": "pro-for-business-11th-edition-intel",
  "pro-11th-edition-snapdragon-processor": "pro-11th-edition-snapdragon",
  "pro-12-inch": "pro-12-inch-1st-edition-snapdragon",
  "pro-lte-5th-gen-model-1807": "pro-with-lte-advanced-5th-gen",
};

let target: HttpTarget;
beforeAll(async () => {
  target = await chainTarget(inject("dataDist"));
});

describe("data/'s Surface devices of 2026", () => {
  it.each(NEW)("publishes %s with Microsoft's end of servicing, cited to release-data", async (name) => {
    const res = await target.fetch(`/api/v1/devices/microsoft-surface-${name}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { name: string; support: { security: { end: { value: string; precision: string } }[] } };
    expect(body.name).toBe(`Microsoft ${releaseData[name]!.releaseLabel}`);
    expect(body.support.security[0]!.end).toEqual({ value: releaseData[name]!.eol, precision: "day" });
  });

  it.each(Object.entries(RENAMED))("redirects the renamed %s to %s, which keeps its old name as an alias", async (old, now) => {
    const moved = await target.fetch(`/api/v1/devices/microsoft-surface-${old}`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get("location")!, "http://x").pathname).toBe(`/api/v1/devices/microsoft-surface-${now}`);
    const page = await target.fetch(`/devices/microsoft-surface-${old}`, { redirect: "manual" });
    expect(page.status).toBe(301);
    const body = (await (await target.fetch(`/api/v1/devices/microsoft-surface-${now}`)).json()) as { name: string; aliases: string[] };
    expect(body.name).toBe(`Microsoft ${releaseData[now]!.releaseLabel}`);
    // The old name is the alias: it spells the old slug (as the importer made slugs from names).
    expect(
      body.aliases.map((a) =>
        a
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, ""),
      ),
    ).toContain(`microsoft-surface-${old}`);
  });
});
