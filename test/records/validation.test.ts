// A corpus of broken records: each is rejected naming its file and field,
// and a failed build leaves the previous output exactly as it was. The rules
// are listed in docs/record-rules.md; test/hostile/ generates faults at random.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { build } from "../../generator/build.ts";
import { FIXTURES, SITE, buildTo, tempDir, treeDigests } from "../helpers/build.ts";

type Rec = Record<string, any>;
const base = (): Rec => JSON.parse(readFileSync(path.join(FIXTURES, "devices/alpha-phone.json"), "utf8"));

interface Case {
  name: string;
  /** File name in data/devices (defaults to the record's slug). */
  file?: string;
  mutate: (r: Rec) => void;
  path: string;
  message: RegExp;
  /** Extra files the case needs beside the broken one (cross-record rules). */
  others?: Rec[];
  /** The file the problem is reported in, when it is one of `others` (the second claimant). */
  reportedIn?: string;
  /** Extra files under names of their own (a second file claiming the same slug). */
  extraFiles?: Record<string, Rec>;
}

const cases: Case[] = [
  { name: "missing name", mutate: (r) => delete r.name, path: "name", message: /required|expected string/i },
  { name: "empty name", mutate: (r) => (r.name = "  "), path: "name", message: /must not be empty/ },
  { name: "unknown field", mutate: (r) => (r.colour = "red"), path: "(file)", message: /unknown field\(s\) "colour"/ },
  { name: "bad slug characters", file: "Alpha_Phone.json", mutate: (r) => (r.slug = "Alpha_Phone"), path: "slug", message: /lowercase/ },
  {
    name: "slug differs from file name",
    file: "alpha-phone-2.json",
    mutate: () => {},
    path: "slug",
    message: /differs from the file name \(expected "alpha-phone-2"\)/,
  },
  { name: "double hyphen slug", file: "alpha--phone.json", mutate: (r) => (r.slug = "alpha--phone"), path: "slug", message: /single hyphens/ },
  { name: "bad device type", mutate: (r) => (r.deviceType = "toaster"), path: "deviceType", message: /expected one of/i },
  {
    name: "withdrawn without reason",
    mutate: (r) => (r.publication = { state: "withdrawn", withdrawnOn: "2026-01-01" }),
    path: "publication.reason",
    message: /required|expected string/i,
  },
  { name: "unknown publication state", mutate: (r) => (r.publication = { state: "hidden" }), path: "publication.state", message: /invalid|expected/i },
  { name: "no variants", mutate: (r) => (r.variants = []), path: "variants", message: /at least one variant/ },
  { name: "bad region code", mutate: (r) => (r.variants[0].regions = ["usa"]), path: "variants[0].regions[0]", message: /ISO 3166-1/ },
  { name: "duplicate model", mutate: (r) => (r.variants[1].model = "A1"), path: "variants[1].model", message: /duplicate model "A1"/ },
  {
    name: "month value with day precision",
    mutate: (r) => (r.support.os[0].end = { value: "2030-10", precision: "day" }),
    path: "support.os[0].end.value",
    message: /does not match precision "day"/,
  },
  {
    name: "day value with month precision",
    mutate: (r) => (r.support.os[0].end = { value: "2030-10-01", precision: "month" }),
    path: "support.os[0].end.value",
    message: /does not match precision "month"/,
  },
  {
    name: "impossible day",
    mutate: (r) => (r.support.os[0].end = { value: "2030-02-30", precision: "day" }),
    path: "support.os[0].end.value",
    message: /not a real calendar day/,
  },
  {
    name: "unknown precision with a value",
    mutate: (r) => (r.support.os[0].end = { value: "2030", precision: "unknown" }),
    path: "support.os[0].end.value",
    message: /must be absent/,
  },
  {
    name: "precision missing",
    mutate: (r) => (r.support.security[0].end = { value: "2031-10" }),
    path: "support.security[0].end.precision",
    message: /expected one of|required/i,
  },
  {
    name: "bad quarter",
    mutate: (r) => (r.support.security[0].end = { value: "2031-Q5", precision: "quarter" }),
    path: "support.security[0].end.value",
    message: /does not match precision "quarter"/,
  },
  { name: "no security commitment", mutate: (r) => (r.support.security = []), path: "support.security", message: /at least one commitment/ },
  {
    name: "end before release",
    mutate: (r) => (r.support.os[0].end = { value: "2019", precision: "year" }),
    path: "support.os[0].end",
    message: /before the start of support/,
  },
  {
    name: "minimum before release",
    mutate: (r) => (r.support.security[0].minimum = { value: "2020-05", precision: "month" }),
    path: "support.security[0].minimum",
    message: /before the start of support/,
  },
  {
    name: "dated end without a source",
    mutate: (r) => (r.support.os[0].sourceIds = []),
    path: "support.os[0].sourceIds",
    message: /needs at least one source/,
  },
  {
    name: "unverified evidence with a date",
    mutate: (r) => (r.support.os[0].evidenceLevel = "unverified"),
    path: "support.os[0].evidenceLevel",
    message: /cannot carry a date/,
  },
  {
    name: "reference to a missing source",
    mutate: (r) => (r.support.security[0].sourceIds = ["nowhere"]),
    path: "support.security[0].sourceIds[0]",
    message: /source "nowhere", which is not in evidence.sources/,
  },
  {
    name: "scope names a model that is not a variant",
    mutate: (r) => (r.support.os[0].scope = { models: ["Z9"] }),
    path: "support.os[0].scope.models[0]",
    message: /not one of the record's variants/,
  },
  {
    name: "scope names a region no variant is sold in",
    mutate: (r) => (r.support.os[0].scope = { regions: ["JP"] }),
    path: "support.os[0].scope.regions[0]",
    message: /not sold in by any variant/,
  },
  {
    name: "duplicate commitment id",
    mutate: (r) => (r.support.security[0].id = "os"),
    path: "support.security[0].id",
    message: /duplicate commitment id "os"/,
  },
  {
    name: "non-http source url",
    mutate: (r) => (r.evidence.sources[0].url = "javascript:alert(1)"),
    path: "evidence.sources[0].url",
    message: /http\(s\) URL/,
  },
  {
    name: "data: source url",
    mutate: (r) => (r.evidence.sources[0].url = "data:text/html,<script>alert(1)</script>"),
    path: "evidence.sources[0].url",
    message: /http\(s\) URL .*data:/,
  },
  {
    name: "source url with a user name before the host",
    mutate: (r) => (r.evidence.sources[0].url = "https://maker.example@evil.example/policy"),
    path: "evidence.sources[0].url",
    message: /no user name or password/,
  },
  {
    name: "registry url with a space",
    mutate: (r) => (r.evidence.recallReview[0].registryUrl = "https://ec.europa.eu/safety gate"),
    path: "evidence.recallReview[0].registryUrl",
    message: /must not contain spaces/,
  },
  {
    name: "carriage return in text",
    mutate: (r) => (r.support.os[0].meaning = "until October 2030\r\nfrom US availability"),
    path: "support.os[0].meaning",
    message: /contains U\+000D \(a control character\)/,
  },
  { name: "lone surrogate in text", mutate: (r) => (r.name = "Alpha \ud83d Phone"), path: "name", message: /contains U\+D83D \(a lone surrogate\)/ },
  {
    name: "NUL in text",
    mutate: (r) => (r.evidence.revisions[0].change = "Record\u0000created"),
    path: "evidence.revisions[0].change",
    message: /contains U\+0000/,
  },
  {
    name: "repairability source missing",
    mutate: (r) => (r.evidence.repairability[0].sourceId = "nowhere"),
    path: "evidence.repairability[0].sourceId",
    message: /source "nowhere", which is not in evidence.sources/,
  },
  {
    name: "minimum begins after the end",
    mutate: (r) => (r.support.security[0].minimum = { value: "2032", precision: "year" }),
    path: "support.security[0].minimum",
    message: /2032 begins after the documented end 2031-10/,
  },
  {
    name: "end and ceiling both",
    mutate: (r) => (r.support.os[0].ceiling = { value: "2031", precision: "year" }),
    path: "support.os[0].ceiling",
    message: /documented end or an announced ceiling, not both/,
  },
  {
    name: "ceiling before release",
    mutate: (r) => (r.support.os[0] = { ...r.support.os[0], end: undefined, ceiling: { value: "2020", precision: "year" } }),
    path: "support.os[0].ceiling",
    message: /before the start of support/,
  },
  {
    name: "dated ceiling without a source",
    mutate: (r) => (r.support.os[0] = { ...r.support.os[0], end: undefined, ceiling: { value: "2030", precision: "year" }, sourceIds: [] }),
    path: "support.os[0].sourceIds",
    message: /a dated end, minimum, ceiling or last update, or a statement that support ended or continues, needs at least one source/,
  },
  {
    name: "ended without a source",
    mutate: (r) => (r.support.os[0] = { ...r.support.os[0], end: { precision: "unknown" }, ended: true, sourceIds: [] }),
    path: "support.os[0].sourceIds",
    message: /a statement that support ended or continues, needs at least one source/,
  },
  {
    name: "ended beside a dated end",
    mutate: (r) => (r.support.os[0].ended = true),
    path: "support.os[0].ended",
    message: /must be absent with a dated end/,
  },
  {
    name: "ended and listed as continuing",
    mutate: (r) => (r.support.os[0] = { ...r.support.os[0], end: undefined, ended: true, supportedOn: "2026-08-22" }),
    path: "support.os[0].supportedOn",
    message: /cannot list as continuing what it says has ended/,
  },
  {
    name: "last update before release",
    mutate: (r) => (r.support.os[0] = { ...r.support.os[0], end: undefined, ended: true, lastUpdate: { value: "2001", precision: "year" } }),
    path: "support.os[0].lastUpdate",
    message: /before the start of support/,
  },
  {
    name: "OS versions out of order",
    mutate: (r) => (r.osVersions = [{ os: "Android", first: "14", last: "12", sourceIds: [r.evidence.sources[0].id] }]),
    path: "osVersions[0].last",
    message: /Android 12 is before the first version, 14/,
  },
  {
    name: "OS versions from an unknown source",
    mutate: (r) => (r.osVersions = [{ os: "Android", first: "14", sourceIds: ["nowhere"] }]),
    path: "osVersions[0].sourceIds[0]",
    message: /not in evidence.sources/,
  },
  {
    name: "minimum begins after the ceiling",
    mutate: (r) =>
      (r.support.os[0] = {
        ...r.support.os[0],
        end: undefined,
        ceiling: { value: "2029", precision: "year" },
        minimum: { value: "2030-01", precision: "month" },
      }),
    path: "support.os[0].minimum",
    message: /2030-01 begins after the announced ceiling 2029/,
  },
  {
    name: "'up to' in meaning beside a documented end",
    mutate: (r) => (r.support.security[0].meaning = "Up to five years of security updates from launch"),
    path: "support.security[0].end",
    message: /meaning says "Up to", an announced ceiling or aim, but the date is recorded as a documented end; record it as "ceiling"/,
  },
  {
    name: "'aims' in meaning beside a documented end",
    mutate: (r) => (r.support.os[0].meaning = "The maker aims to ship upgrades for four years"),
    path: "support.os[0].end",
    message: /meaning says "aims"/,
  },
  {
    name: "source neither checked nor cited",
    mutate: (r) => delete r.evidence.sources[0].checked,
    path: "evidence.sources[0].checked",
    message: /is required: the day the source was read \(or citedBy/,
  },
  {
    name: "source both checked and cited",
    mutate: (r) =>
      r.evidence.sources.push({
        id: "cited",
        url: "https://maker.example/page",
        publisher: "Maker",
        title: "Page",
        checked: "2026-01-01",
        citedBy: "maker-policy",
      }),
    path: "evidence.sources[1].citedBy",
    message: /must be absent when checked is given/,
  },
  {
    name: "cited by a source that is not there",
    mutate: (r) => r.evidence.sources.push({ id: "cited", url: "https://maker.example/page", publisher: "Maker", title: "Page", citedBy: "nowhere" }),
    path: "evidence.sources[1].citedBy",
    message: /source "nowhere", which is not in evidence.sources/,
  },
  {
    name: "cited by a page that was not read either",
    mutate: (r) =>
      r.evidence.sources.push(
        { id: "cited-a", url: "https://maker.example/a", publisher: "Maker", title: "A", citedBy: "cited-b" },
        { id: "cited-b", url: "https://maker.example/b", publisher: "Maker", title: "B", citedBy: "maker-policy" },
      ),
    path: "evidence.sources[1].citedBy",
    message: /"cited-b" was not read here either/,
  },
  {
    name: "a date resting only on a page nobody here read",
    mutate: (r) => {
      r.evidence.sources.push({ id: "cited", url: "https://maker.example/page", publisher: "Maker", title: "Page", citedBy: "maker-policy" });
      r.support.os[0].sourceIds = ["cited"];
    },
    path: "support.os[0].sourceIds",
    message: /at least one source that was read here/,
  },
  { name: "checked date not a day", mutate: (r) => (r.evidence.sources[0].checked = "yesterday"), path: "evidence.sources[0].checked", message: /YYYY-MM-DD/ },
  {
    name: "duplicate source id",
    mutate: (r) => r.evidence.sources.push({ ...r.evidence.sources[0] }),
    path: "evidence.sources[1].id",
    message: /duplicate source id/,
  },
  {
    name: "recall match without notices",
    mutate: (r) => (r.evidence.recallReview[0].result = "match"),
    path: "evidence.recallReview[0].matches",
    message: /must list the matching notices/,
  },
  {
    name: "recall result 'no recall'",
    mutate: (r) => (r.evidence.recallReview[0].result = "no-recall"),
    path: "evidence.recallReview[0].result",
    message: /expected one of|invalid/i,
  },
  { name: "no revisions", mutate: (r) => (r.evidence.revisions = []), path: "evidence.revisions", message: /at least the revision/ },
  { name: "former slug equals own slug", mutate: (r) => (r.formerSlugs = ["alpha-phone"]), path: "formerSlugs", message: /own slug/ },
  {
    name: "former slug claimed twice",
    mutate: (r) => (r.formerSlugs = ["old-alpha"]),
    others: [{ ...base(), slug: "other-phone", formerSlugs: ["old-alpha"] }],
    reportedIn: "other-phone.json",
    path: "formerSlugs[0]",
    message: /also claimed by/,
  },
  {
    name: "former slug is another record's current slug",
    mutate: (r) => (r.formerSlugs = ["other-phone"]),
    others: [{ ...base(), slug: "other-phone" }],
    path: "formerSlugs[0]",
    message: /is the current slug of/,
  },
  {
    name: "former slug listed twice",
    mutate: (r) => (r.formerSlugs = ["old-alpha", "old-alpha"]),
    path: "formerSlugs[1]",
    message: /"old-alpha" is listed twice/,
  },
  {
    name: "a withdrawn record replaced by a record that is not published",
    mutate: (r) => (r.publication = { state: "withdrawn", reason: "Duplicate", withdrawnOn: "2026-11-01", replacedBy: "other-phone" }),
    others: [{ ...base(), slug: "other-phone", publication: { state: "draft" } }],
    path: "publication.replacedBy",
    message: /"other-phone" is not the slug of a published record/,
  },
  {
    name: "a withdrawn record replaced by itself",
    mutate: (r) => (r.publication = { state: "withdrawn", reason: "x", withdrawnOn: "2026-11-01", replacedBy: "alpha-phone" }),
    path: "publication.replacedBy",
    message: /itself/,
  },
  {
    name: "two files with the same slug",
    mutate: () => {},
    extraFiles: { "alpha-phone-copy.json": base() },
    path: "slug",
    message: /duplicate slug "alpha-phone" \(also in .*alpha-phone-copy.json\)/,
  },
  {
    name: "one manufacturer spelled two ways",
    mutate: (r) => (r.manufacturer = "Example Maker"),
    others: [{ ...base(), slug: "other-phone", name: "Other Phone", aliases: [], manufacturer: "EXAMPLE maker" }],
    reportedIn: "other-phone.json",
    path: "manufacturer",
    message: /"EXAMPLE maker" is spelled "Example Maker" in .*alpha-phone.json/,
  },
  {
    name: "identifier not written as its kind",
    mutate: (r) => (r.variants[0].identifiers = [{ kind: "hardware-identifier", value: "iPhone 15", sourceId: "maker-policy" }]),
    path: "variants[0].identifiers[0].value",
    message: /"iPhone 15" is not written as a hardware-identifier is/,
  },
  {
    name: "identifier cites a source the record lacks",
    mutate: (r) => (r.variants[0].identifiers = [{ kind: "model-number", value: "SM-A525F", sourceId: "nowhere" }]),
    path: "variants[0].identifiers[0].sourceId",
    message: /refers to source "nowhere"/,
  },
  {
    name: "one code twice in a record (case and separators ignored)",
    mutate: (r) => {
      r.variants[0].identifiers = [{ kind: "model-number", value: "SM-A525F", sourceId: "maker-policy" }];
      r.variants[1].identifiers = [{ kind: "model-number", value: "sm_a525f", sourceId: "maker-policy" }];
    },
    path: "variants[1].identifiers[0].value",
    message: /already listed at variants\[0\]\.identifiers\[0\]/,
  },
  {
    name: "one code on two records without shared",
    mutate: (r) => (r.variants[0].identifiers = [{ kind: "board", value: "D73AP", sourceId: "maker-policy", shared: true }]),
    others: [
      {
        ...base(),
        slug: "other-phone",
        name: "Other Phone",
        aliases: [],
        variants: [{ model: "B1", regions: ["US"], identifiers: [{ kind: "board", value: "D73AP", sourceId: "maker-policy" }] }],
        caveats: [],
      },
    ],
    reportedIn: "other-phone.json",
    path: "variants[0].identifiers[0].value",
    message: /"D73AP" is also a code of .*alpha-phone.json \("D73AP"\).*"shared": true/,
  },
  {
    name: "alias reads as another record's name",
    mutate: (r) => (r.aliases = ["OTHER-phone"]),
    others: [{ ...base(), slug: "other-phone", name: "Other Phone", aliases: [] }],
    path: "aliases[0]",
    message: /"OTHER-phone" reads as the name of .*other-phone.json \("Other Phone"\)/,
  },
];

function writeCatalog(c: Case): { dataDir: string; file: string } {
  const dataDir = tempDir("dl-broken-");
  mkdirSync(path.join(dataDir, "devices"));
  const r = base();
  c.mutate(r);
  const fileName = c.file ?? `${r.slug}.json`;
  writeFileSync(path.join(dataDir, "devices", fileName), JSON.stringify(r));
  for (const o of c.others ?? []) writeFileSync(path.join(dataDir, "devices", `${o.slug}.json`), JSON.stringify(o));
  for (const [name, o] of Object.entries(c.extraFiles ?? {})) writeFileSync(path.join(dataDir, "devices", name), JSON.stringify(o));
  return { dataDir, file: path.join(dataDir, "devices", fileName) };
}

describe("broken records", async () => {
  // One good build stands in for "the previous deploy" that a failed build must not touch.
  const { outDir } = await buildTo();
  const before = treeDigests(outDir);

  it(`the corpus holds at least 25 distinct cases (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  it.each(cases)("$name: rejected at $path, nothing written", async (c) => {
    const { dataDir, file } = writeCatalog(c);
    const report = await build({ dataDir, outDir, site: { ...SITE, now: "2026-11-22" } });
    expect(report.ok).toBe(false);
    const expectedFile = c.reportedIn ? path.join(path.dirname(file), c.reportedIn) : file;
    const hit = report.problems.find((p) => p.file === expectedFile && (p.path || "(file)") === c.path);
    expect(hit, `problems were: ${JSON.stringify(report.problems, null, 1)}`).toBeDefined();
    expect(hit!.message).toMatch(c.message);
    expect(treeDigests(outDir)).toEqual(before);
  });

  it("reports every problem of every file at once", async () => {
    const dataDir = tempDir("dl-broken-");
    cpSync(path.join(FIXTURES, "devices"), path.join(dataDir, "devices"), { recursive: true });
    const a = base();
    a.name = "";
    a.support.os[0].end = { value: "2030-13", precision: "month" };
    writeFileSync(path.join(dataDir, "devices/alpha-phone.json"), JSON.stringify(a));
    writeFileSync(path.join(dataDir, "devices/broken-json.json"), "{ not json");
    const report = await build({ dataDir, outDir: path.join(dataDir, "out"), site: { ...SITE, now: "2026-11-22" } });
    const seen = report.problems.map((p) => `${path.basename(p.file)}: ${p.path}`);
    expect(seen).toEqual(expect.arrayContaining(["alpha-phone.json: name", "alpha-phone.json: support.os[0].end.value", "broken-json.json: "]));
  });

  it("the CLI prints file: field: message lines, exits non-zero and leaves --out untouched", () => {
    const { dataDir } = writeCatalog(cases.find((c) => c.name === "impossible day")!);
    let status = 0;
    let stderr = "";
    try {
      // vitest sets BASE_URL=/ for its own use; the build would refuse it as an origin.
      execFileSync("npx", ["tsx", "generator/cli/build.ts", "--data", dataDir, "--out", outDir, "--now", "2026-11-22"], {
        encoding: "utf8",
        stdio: "pipe",
        env: { ...process.env, BASE_URL: "" },
      });
    } catch (e: any) {
      status = e.status;
      stderr = e.stderr;
    }
    expect(status).toBe(1);
    expect(stderr).toContain(`${path.join(dataDir, "devices/alpha-phone.json")}: support.os[0].end.value: "2030-02-30" is not a real calendar day`);
    expect(stderr).toMatch(/nothing was written/);
    expect(treeDigests(outDir)).toEqual(before);
  });

  it("npm run validate reports the same messages without building", () => {
    const { dataDir } = writeCatalog(cases.find((c) => c.name === "bad region code")!);
    let stderr = "";
    try {
      execFileSync("npx", ["tsx", "generator/cli/validate.ts", "--data", dataDir], { encoding: "utf8", stdio: "pipe" });
    } catch (e: any) {
      stderr = e.stderr;
    }
    expect(stderr).toContain("alpha-phone.json: variants[0].regions[0]: must be an ISO 3166-1 alpha-2 code");
  });
});
