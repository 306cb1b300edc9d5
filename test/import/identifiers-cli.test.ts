// The identifier importers as curators run them: a real process on a copy of
// a catalog. Bad input exits 2 naming file:line and leaves the data folder
// as it was; a good run writes the changed records and the reports, and a
// second run leaves every byte as it is.
import { cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir, treeDigests } from "../helpers/build.ts";
import { FIXTURE_DATA, importCli, SNAPSHOT } from "../helpers/endoflife.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

const copyOfFixtureData = () => {
  const data = path.join(tempDir("dl-identifiers-"), "data");
  cpSync(FIXTURE_DATA, data, { recursive: true });
  return data;
};

describe("npm run import -- <identifier source>", () => {
  it("bad input: exit 2, every problem as file:line, nothing written", () => {
    const data = copyOfFixtureData();
    const before = treeDigests(data);
    const run = importCli(["appledb", path.join(ROOT, "importers/fixtures/identifiers/appledb-broken"), "--data", data, "--checked", "2026-11-24"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/iPhone15,4\.json:5: model must be text or a list of text/);
    expect(run.stderr).toMatch(/iPhone15,5\.json:4: not valid JSON/);
    expect(run.stderr).toMatch(/2 problem\(s\); nothing was written\./);
    expect(treeDigests(data)).toEqual(before);
  });

  it("writes the codes and the report once; a second run changes no byte", () => {
    const data = copyOfFixtureData();
    const first = importCli(["samsung", SNAPSHOT, "--data", data, "--checked", "2026-11-24"]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/written now to 1 records/);
    const s22 = JSON.parse(readFileSync(path.join(data, "devices/samsung-galaxy-s22.json"), "utf8"));
    expect(s22.variants[0].identifiers).toEqual([{ kind: "model-number", value: "SM-S901B", sourceId: "endoflife-samsung-mobile" }]);
    expect(readFileSync(path.join(data, "import/identifiers-samsung.md"), "utf8")).toMatch(/SM-S901B/);
    const after = treeDigests(data);
    const second = importCli(["samsung", SNAPSHOT, "--data", data, "--checked", "2026-12-01"]);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/0 written now to 0 records/);
    expect(treeDigests(data)).toEqual(after);
  });

  it("aer: takes the model numbers, lists the devices no record matches, and a second run changes no byte", () => {
    const data = copyOfFixtureData();
    const source = path.join(ROOT, "importers/fixtures/identifiers/aer-cli");
    const first = importCli(["aer", source, "--data", data, "--checked", "2026-11-28"]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/aer: 3 rows, 2 matched; 3 codes from this source in 1 records \(3 written now to 1 records\)/);
    const s22 = JSON.parse(readFileSync(path.join(data, "devices/samsung-galaxy-s22.json"), "utf8"));
    expect(s22.variants[0].identifiers.map((x: { value: string }) => x.value)).toEqual(["SM-S901B", "SM-S901E", "SM-S901U1"]);
    expect(s22.evidence.sources.at(-1).url).toBe(
      "https://github.com/androidtrackers/android-enterprise-devices/blob/10d5b95397e0c64dab21a06dbe56e07bea094d7e/README.md",
    );
    const report = readFileSync(path.join(data, "import/identifiers-aer.md"), "utf8");
    expect(report).toContain("## Curator's list: devices no record matches (1)");
    expect(report).toContain("| aer-devices.md:7 | Oppo Reno15 5G | Oppo | CPH2825 |  |");
    const after = treeDigests(data);
    const second = importCli(["aer", source, "--data", data, "--checked", "2026-12-01"]);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/0 written now to 0 records/);
    expect(treeDigests(data)).toEqual(after);
  });

  it("eprel-codes, then eprel: a registration's own name and code give the record its code, then its EU label; second runs change no byte", () => {
    const data = copyOfFixtureData();
    const source = path.join(ROOT, "importers/fixtures/identifiers/eprel-cli");
    const codes = importCli(["eprel-codes", source, "--data", data, "--checked", "2026-11-28"]);
    expect(codes.status, codes.stderr).toBe(0);
    expect(codes.stdout).toMatch(/eprel: 2 rows, 1 matched; 1 codes from this source in 1 records \(1 written now to 1 records\)/);
    const phone = () => JSON.parse(readFileSync(path.join(data, "devices/nothing-phone-2.json"), "utf8"));
    expect(phone().variants[0].identifiers).toEqual([{ kind: "model-number", value: "EX-1002", sourceId: "eprel-9100002" }]);
    // "Nokia G42" is not the Nokia G42 5G: listed for a curator, not written.
    const report = readFileSync(path.join(data, "import/identifiers-eprel.md"), "utf8");
    expect(report).toContain("| eprel_smartphones_tous_les_modeles.csv:4 | HMD Nokia G42 (EX-1042) | HMD Global | EX-1042 |  |");
    expect(readFileSync(path.join(data, "devices/nokia-g42-5g.json"), "utf8")).not.toContain("EX-1042");
    const label = importCli(["eprel", source, "--data", data, "--checked", "2026-11-28"]);
    expect(label.status, label.stderr).toBe(0);
    expect(phone().evidence.repairability.map((x: { euLabel: { registration: number } }) => x.euLabel.registration)).toEqual([9100002]);
    const after = treeDigests(data);
    for (const command of ["eprel-codes", "eprel"]) expect(importCli([command, source, "--data", data, "--checked", "2026-11-28"]).status).toBe(0);
    expect(treeDigests(data)).toEqual(after);
  });
});
