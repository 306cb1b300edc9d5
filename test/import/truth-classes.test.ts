// The classes of wrong facts issue 33 measured, checked on data/ against the
// pinned sources (importers/truth-classes.ts; the same counts as
// `npx tsx importers/cli/truth-counts.ts`): every Mac ending on a 10.x release
// carries the last Security Update build AppleDB lists for it; on 2027-09-01
// no commitment whose source names a later horizon reads "past its last
// commitment"; no estimate reads as ended, or as continuing after it passed;
// Samsung's batch-drop days keep the file's precision; the wrong codes are gone.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readCatalog } from "../../generator/load/read.ts";
import { readProductFile } from "../../importers/endoflife-releases.ts";
import { readRelease } from "../../importers/endoflife-readings.ts";
import { readOsFile } from "../../importers/endoflife-os.ts";
import { truthClasses, type TruthClasses } from "../../importers/truth-classes.ts";
import { verdictOf } from "../../generator/derive/verdict.ts";
import type { DeviceRecord } from "../../generator/schema/record.ts";
import { realSources } from "../helpers/endoflife.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TODAY = "2026-11-28";
/** A day after every listing of the pinned snapshot (2026-08-22) has lapsed. */
const LATER = "2027-09-01";

let classes: TruthClasses;
let bySlug: Map<string, DeviceRecord>;

beforeAll(async () => {
  const { folder, input } = realSources();
  // The Windows file is read by the Surface importer, not by the device files' readings.
  const osFiles = new Map(input.osFiles.filter((o) => o.name !== "windows.md").map((o) => [o.name, readOsFile(o).os!]));
  const { records } = await readCatalog(path.join(ROOT, "data"));
  bySlug = new Map(records.map((l) => [l.record.slug, l.record]));
  const readings = input.products.flatMap((p) => {
    const { product } = readProductFile(p.path, p.name, p.text);
    return product!.releases.map((release) => readRelease(product!, release, { ...folder.recorded!, checked: TODAY, osFiles }));
  });
  classes = truthClasses({ records: records.map((l) => l.record), readings, builds: input.apple.builds, today: TODAY, later: LATER });
});

describe("data/ against its sources, class by class (issue 33)", () => {
  it("gives every Mac ending on a 10.x release the last build AppleDB lists for it, Security Updates included", () => {
    expect(classes.macsShort).toEqual([]);
    // The examples the issue names.
    expect(bySlug.get("apple-macbook-13-inch-mid-2010")!.support.security[0]!.lastUpdate).toEqual({ value: "2020-11-12", precision: "day" });
    expect(bySlug.get("apple-macbook-air-early-2008")!.support.security[0]!.lastUpdate).toEqual({ value: "2014-09-17", precision: "day" });
  });

  it(`on ${LATER}, reads no commitment whose source names a later horizon as past its last commitment`, () => {
    expect(classes.lapsedPromises).toEqual([]);
    expect(verdictOf(bySlug.get("samsung-galaxy-a35-5g")!, LATER).label).toBe("updates at least until 2029-03 (month)");
    expect(verdictOf(bySlug.get("oneplus-15")!, LATER).code).toBe("minimum-commitment");
    expect(verdictOf(bySlug.get("oneplus-15r")!, LATER).code).toBe("minimum-commitment");
  });

  it("reads OnePlus 15 and 15R's one phrasing as one kind: OnePlus's promise, a minimum", () => {
    const [a, b] = ["oneplus-15", "oneplus-15r"].map((s) => bySlug.get(s)!.support.security[0]!);
    expect([a!.minimum !== undefined, b!.minimum !== undefined, a!.evidenceLevel, b!.evidenceLevel]).toEqual([
      true,
      true,
      "manufacturer-policy",
      "manufacturer-policy",
    ]);
  });

  it("never reads an estimate as ended, nor as continuing once it has passed", () => {
    expect(classes.endedFromEstimate).toEqual([]);
    expect(classes.listingOutlivesEstimate).toEqual([]);
    expect(verdictOf(bySlug.get("nokia-g310-5g")!, TODAY).code).not.toBe("receiving-updates");
  });

  it("keeps the days Samsung dropped models from its list at the file's precision", () => {
    expect(classes.samsungDropDays).toEqual([]);
  });

  it("carries none of the codes found on the wrong device", () => {
    expect(classes.wrongCodes).toEqual([]);
  });
});
