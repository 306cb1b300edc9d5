// The catalog's own model codes (data/, built once per run): for codes of
// every source and kind, GET /api/v1/identifiers/<code> answers the device
// that carries it and q=<code> lists it among the first, after only records
// that name the code exactly too. Up to 5 codes a source and kind, spread
// over the catalog. Prints the counts by kind and by manufacturer (issue 22's
// closing note). Until data/ carries codes, there is nothing to check. A
// ChromeOS HWID pattern is not a code (contract/identifiers.ts isPatternKind):
// neither the lookup nor q reads it, so it is not asked for here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { isPatternKind, withoutPatterns } from "../../generator/contract/identifiers.ts";
import { compact, searchFieldsOf } from "../../generator/derive/search.ts";
import { DeviceRecord } from "../../generator/schema/record.ts";
import { DATA, spread } from "../helpers/catalogs.ts";
import { chainTarget, type HttpTarget } from "../helpers/targets.ts";

type Code = { slug: string; value: string; kind: string; source: string };

const counts = <T>(xs: T[], key: (x: T) => string) => {
  const out: Record<string, number> = {};
  for (const x of xs) out[key(x)] = (out[key(x)] ?? 0) + 1;
  return out;
};

let target: HttpTarget;
beforeAll(async () => {
  target = await chainTarget(inject("dataDist"));
});

describe("data/'s model codes", () => {
  it("each source's codes find their device, by the identifier lookup and by q", { timeout: 300_000 }, async () => {
    const dir = path.join(DATA, "devices");
    const records = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(dir, f), "utf8"))))
      .filter((r) => r.publication.state === "published");
    const codes: Code[] = records.flatMap((r) =>
      r.variants.flatMap((v) =>
        (v.identifiers ?? [])
          .filter((i) => !isPatternKind(i.kind))
          .map((i) => ({
            slug: r.slug,
            value: i.value,
            kind: i.kind,
            source: new URL(r.evidence.sources.find((s) => s.id === i.sourceId)!.url).hostname,
          })),
      ),
    );
    const carriers = records.filter((r) => r.variants.some((v) => v.identifiers?.length));
    console.log(
      `data/: ${carriers.length} of ${records.length} published records carry ${codes.length} codes; codes by kind ${JSON.stringify(counts(codes, (c) => c.kind))}; records by manufacturer ${JSON.stringify(counts(carriers, (r) => r.manufacturer))}`,
    );
    const groups = new Map<string, Code[]>();
    for (const c of codes) groups.set(`${c.source} ${c.kind}`, [...(groups.get(`${c.source} ${c.kind}`) ?? []), c]);
    const failures: string[] = [];
    for (const group of groups.values()) {
      for (const c of spread(group, 5)) {
        const lookup = await target.fetch(`/api/v1/identifiers/${encodeURIComponent(c.value)}`);
        const body = lookup.status === 200 ? ((await lookup.json()) as { devices: { slug: string }[] }) : null;
        if (!body?.devices.some((d) => d.slug === c.slug)) failures.push(`lookup ${c.value} (${c.source} ${c.kind}): ${lookup.status}, not ${c.slug}`);
        const list = (await (await target.fetch(`/api/v1/devices?${new URLSearchParams({ q: c.value, limit: "100" })}`)).json()) as { devices: DeviceRecord[] };
        const at = list.devices.findIndex((d) => d.slug === c.slug);
        // Exact matches come first: every record ranked before it names the code exactly too.
        const exact = (r: DeviceRecord) => {
          const f = searchFieldsOf(withoutPatterns(r));
          return [...f.names, ...f.codes].includes(compact(c.value));
        };
        if (at < 0 || list.devices.slice(0, at).some((r) => !exact(r))) failures.push(`q=${c.value} (${c.source} ${c.kind}): ${c.slug} at ${at}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
