// The weekly refresh's copies as it makes them: `npm run import --
// chromebooks-copy|xiaomi-copy CLONE OUT` on small upstream-like git
// repositories built here with dated commits, checked against what those
// commits say by hand; the importer then accepts the copy and writes its
// records; a folder already holding files is refused. (The derivations'
// agreement with the pinned copies' real data is checked beside them.)
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { filesIn, tempDir, treeDigests } from "../helpers/build.ts";
import { FIXTURE_DATA, importCli, PINNED_SOURCES } from "../helpers/endoflife.ts";

const PINNED_CHROMEOS = path.join(PINNED_SOURCES, "chromeos-update-directory");
const PINNED_XIAOMI = path.join(PINNED_SOURCES, "xiaomi-devices");

/** A git repository in a temp folder whose commits carry the dates given, as upstream's bots made them. */
function upstream(prefix: string) {
  const dir = tempDir(prefix);
  const git = (args: string[], env: Record<string, string> = {}) =>
    execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", env: { ...process.env, ...env }, stdio: "pipe" }).trim();
  git(["init", "-q", "-b", "main"]);
  git(["config", "user.name", "bot"]);
  git(["config", "user.email", "bot@example.com"]);
  return {
    dir,
    git,
    /** Write files and commit them on the current branch at `date`; the commit's hash. */
    commit(date: string, files: Record<string, string>) {
      for (const [rel, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        writeFileSync(path.join(dir, rel), text);
      }
      git(["add", "-A"]);
      git(["commit", "-q", "-m", `Sync ${date}`], { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
      return git(["rev-parse", "HEAD"]);
    },
  };
}

const copyOf = (from: string, prefix: string) => {
  const to = path.join(tempDir(prefix), path.basename(from));
  cpSync(from, to, { recursive: true });
  return to;
};

const asuka = (milestone: number, version: string, aue: string, analysisVersion = 8) =>
  `${JSON.stringify(
    {
      analysis_version: analysisVersion,
      aue_date: aue,
      boards: ["asuka"],
      chromeos_release_chrome_milestone: String(milestone),
      hwidmatches: ["^ASUKA .*"],
      image_name: "asuka",
      manufacturers: ["Dell"],
      models: ["Dell Chromebook 13 (3380)"],
      names: ["Dell Chromebook 13 (3380)"],
      sample_hwid: "ASUKA NNNN",
      version,
    },
    null,
    4,
  )}\n`;

/** The upstream in three dated commits (the last one touches a file again, and a file outside data/images), and the copy made from it. */
function chromeosCopy() {
  const repo = upstream("dl-chromeos-upstream-");
  const license = readFileSync(path.join(PINNED_CHROMEOS, "LICENSE"), "utf8");
  repo.commit("2024-02-26T14:08:38+00:00", {
    LICENSE: license,
    "data/images/asuka/100/data.json": asuka(100, "14526.57.0", "None", 7),
    // Beside the analyses: a checksum and the update server's answers, which the copy does not read.
    "data/images/asuka/100/chromeos_14526.57.0_asuka_recovery_stable-channel_mp.bin.md5": "0123\n",
    "data/updates/asuka/stable/data.json": "{}\n",
  });
  repo.commit("2024-02-26T16:51:29+00:00", { "data/images/asuka/106/data.json": asuka(106, "15054.98.0", "2023-06-02 00:00:00") });
  const head = repo.commit("2026-03-01T13:59:39-05:00", { "data/images/asuka/100/data.json": asuka(100, "14526.57.0", "None"), "README.md": "bots\n" });
  const out = path.join(tempDir("dl-chromeos-copy-"), "chromeos-update-directory");
  const run = importCli(["chromebooks-copy", repo.dir, out]);
  return { repo, license, head, out, run };
}

describe("npm run import -- chromebooks-copy", () => {
  let fx: ReturnType<typeof chromeosCopy>;
  beforeAll(() => {
    fx = chromeosCopy();
  });

  it("writes the importer's files from the clone's HEAD, each sample dated by the last commit that touched its file", () => {
    expect(fx.run.status, fx.run.stderr).toBe(0);
    expect(filesIn(fx.out)).toEqual(["LICENSE", "README.md", "aue-samples.json", "images-newest/asuka.json", "models.json"]);
    const samples = JSON.parse(readFileSync(path.join(fx.out, "aue-samples.json"), "utf8"));
    expect(samples).toMatchObject({ repository: "github.com/jay0lee/chromeos-update-directory", commit: fx.head, commitDate: "2026-03-01T18:59:39Z" });
    expect(samples.samples).toEqual([
      {
        path: "data/images/asuka/100/data.json",
        lastChanged: "2026-03-01T13:59:39-05:00",
        imageName: "asuka",
        boards: ["asuka"],
        version: "14526.57.0",
        chromeMilestone: "100",
        sampleHwid: "ASUKA NNNN",
        aueDate: null,
      },
      {
        path: "data/images/asuka/106/data.json",
        lastChanged: "2024-02-26T16:51:29+00:00",
        imageName: "asuka",
        boards: ["asuka"],
        version: "15054.98.0",
        chromeMilestone: "106",
        sampleHwid: "ASUKA NNNN",
        aueDate: "2023-06-02 00:00:00",
      },
    ]);
    expect(JSON.parse(readFileSync(path.join(fx.out, "models.json"), "utf8")).models).toEqual([
      {
        imageName: "asuka",
        boards: ["asuka"],
        manufacturer: "Dell",
        model: "Dell Chromebook 13 (3380)",
        name: "Dell Chromebook 13 (3380)",
        hwidmatch: "^ASUKA .*",
        aue: [{ aueDate: "2023-06-02 00:00:00", sampleHwid: "ASUKA NNNN", path: "data/images/asuka/106/data.json", lastChanged: "2024-02-26T16:51:29+00:00" }],
      },
    ]);
    expect(readFileSync(path.join(fx.out, "images-newest/asuka.json"), "utf8")).toBe(asuka(106, "15054.98.0", "2023-06-02 00:00:00"));
    expect(readFileSync(path.join(fx.out, "LICENSE"), "utf8")).toBe(fx.license);
    expect(readFileSync(path.join(fx.out, "README.md"), "utf8")).toContain(`commit \`${fx.head}\` (2026-03-01 18:59 UTC)`);
  });

  it("the Chromebook importer accepts the copy: a record with the sampled AUE month, cited at the commit", () => {
    const data = copyOf(FIXTURE_DATA, "dl-chromeos-copy-data-");
    const imported = importCli(["chromebooks", fx.out, "--data", data, "--checked", "2026-11-28"]);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/1 records, 1 imported \(1 files written now\).*1 with an AUE month/);
    const [file] = readdirSync(path.join(data, "devices")).filter((f) =>
      readFileSync(path.join(data, "devices", f), "utf8").includes("Dell Chromebook 13 (3380)"),
    );
    const record = readFileSync(path.join(data, "devices", file!), "utf8");
    expect(JSON.parse(record).support.security[0].end).toEqual({ value: "2023-06", precision: "month" });
    expect(record).toContain(`/blob/${fx.head}/data/images/asuka/106/data.json`);
  });

  it("refuses a folder that already holds files, and writes nothing", () => {
    const before = treeDigests(fx.out);
    const again = importCli(["chromebooks-copy", fx.repo.dir, fx.out]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain(`${fx.out}:1: not empty: the copy is written into a new or empty folder`);
    expect(treeDigests(fx.out)).toEqual(before);
  });
});

const eolList = (updateAt: string, groups: [string, string[]][]) =>
  `${JSON.stringify({ phone: groups.map(([brand, names]) => ({ [brand]: names.map((deviceName) => ({ brand, deviceName })) })), updateAt }, null, 1)}`;
const mi10t = (futureVersion: string) => ({
  id: 2,
  status: 1,
  deviceName: "Mi 10T",
  releaseDate: "2020-10",
  securityUpdateEol: "2023-10",
  updateFrequency: "Every 90 days",
  updateFrequencyTl: "Every 90 days",
  shippedVersion: "Android 10",
  futureVersion,
});
const aerList = (...items: unknown[]) => JSON.stringify({ items, total: items.length }, null, 1);
const PLAY = `${JSON.stringify([{ apollo: { name: "Mi 10T", model: "M2007J3SP" } }, { angelicain: { name: "POCO C31", model: "211033MI" } }], null, 1)}`;

/** The upstream with its branches eol (two versions of the list, and a commit that leaves it alone), aer (two) and gplay, and the copy made from it. */
function xiaomiCopy() {
  const repo = upstream("dl-xiaomi-upstream-");
  const license = readFileSync(path.join(PINNED_XIAOMI, "LICENSE"), "utf8");
  repo.commit("2022-07-26T21:30:00+02:00", { "README.md": "Xiaomi devices\n" });
  repo.git(["switch", "-q", "--orphan", "eol"]);
  const eol1 = repo.commit("2024-09-27T12:34:57+00:00", {
    LICENSE: license,
    "eol.json": eolList("2024-09-26T07:14:37.000Z", [
      ["Redmi", ["Redmi 9"]],
      ["POCO", ["POCO C31 (in)"]],
    ]),
  });
  // A commit that leaves eol.json as it was is no version of it.
  repo.commit("2024-10-25T12:36:58+00:00", { "eol.py": "# saves the list\n" });
  const eol2 = repo.commit("2024-10-28T12:36:34+00:00", {
    "eol.json": eolList("2024-10-27T23:58:24.000Z", [
      ["Xiaomi", ["Mi 10T"]],
      ["Redmi", ["Redmi 9"]],
      ["POCO", ["POCO C31 (IN)"]],
    ]),
  });
  repo.git(["switch", "-q", "--orphan", "aer"]);
  const aer1 = repo.commit("2022-07-26T21:42:30+02:00", { LICENSE: license, "aer.json": aerList(mi10t("Android 11")) });
  const aer2 = repo.commit("2024-03-12T12:29:21+00:00", { "aer.json": aerList(mi10t("Android 11,Android 12")) });
  repo.git(["switch", "-q", "--orphan", "gplay"]);
  const gplay = repo.commit("2026-08-15T12:20:42+00:00", { LICENSE: license, "devices.json": PLAY });
  const out = path.join(tempDir("dl-xiaomi-copy-"), "xiaomi-devices");
  const run = importCli(["xiaomi-copy", repo.dir, out]);
  return { repo, eol1, eol2, aer1, aer2, gplay, out, run };
}

describe("npm run import -- xiaomi-copy", () => {
  let fx: ReturnType<typeof xiaomiCopy>;
  beforeAll(() => {
    fx = xiaomiCopy();
  });

  it("writes the three heads unchanged and the histories of eol and aer", () => {
    expect(fx.run.status, fx.run.stderr).toBe(0);
    expect(filesIn(fx.out)).toEqual(["LICENSE", "README.md", "aer-history.json", "aer.json", "eol-history.json", "eol.json", "gplay-devices.json"]);
    expect(readFileSync(path.join(fx.out, "eol.json"), "utf8")).toBe(fx.repo.git(["show", "eol:eol.json"]));
    expect(readFileSync(path.join(fx.out, "gplay-devices.json"), "utf8")).toBe(PLAY);
    const eol = JSON.parse(readFileSync(path.join(fx.out, "eol-history.json"), "utf8"));
    expect(eol.commitsRead).toBe(2);
    const first = (commit: string, date: string, listUpdateAt: string) => ({ commit, date, listUpdateAt });
    const seen1 = { commit: fx.eol1, date: "2024-09-27T12:34:57+00:00" };
    const seen2 = { commit: fx.eol2, date: "2024-10-28T12:36:34+00:00" };
    expect(eol.devices).toEqual([
      { brand: "POCO", deviceName: "POCO C31 (IN)", firstSeen: first(fx.eol2, seen2.date, "2024-10-27T23:58:24.000Z"), lastSeen: seen2, inNewest: true },
      { brand: "POCO", deviceName: "POCO C31 (in)", firstSeen: first(fx.eol1, seen1.date, "2024-09-26T07:14:37.000Z"), lastSeen: seen1, inNewest: false },
      { brand: "Redmi", deviceName: "Redmi 9", firstSeen: first(fx.eol1, seen1.date, "2024-09-26T07:14:37.000Z"), lastSeen: seen2, inNewest: true },
      { brand: "Xiaomi", deviceName: "Mi 10T", firstSeen: first(fx.eol2, seen2.date, "2024-10-27T23:58:24.000Z"), lastSeen: seen2, inNewest: true },
    ]);
    const values = (futureVersion: string, firstSeenCommit: string, firstSeenDate: string) => ({
      releaseDate: "2020-10",
      securityUpdateEol: "2023-10",
      updateFrequencyTl: "Every 90 days",
      shippedVersion: "Android 10",
      futureVersion,
      firstSeenCommit,
      firstSeenDate,
    });
    expect(JSON.parse(readFileSync(path.join(fx.out, "aer-history.json"), "utf8")).devices).toEqual([
      {
        deviceName: "Mi 10T",
        values: [values("Android 11", fx.aer1, "2022-07-26T21:42:30+02:00"), values("Android 11,Android 12", fx.aer2, "2024-03-12T12:29:21+00:00")],
      },
    ]);
    const readme = readFileSync(path.join(fx.out, "README.md"), "utf8");
    expect(readme).toContain(`| \`aer.json\` | \`aer\`, \`${fx.aer2}\` (2024-03-12) |`);
    expect(readme).toContain(`| \`gplay-devices.json\` | \`gplay\`, \`${fx.gplay}\` (2026-08-15) |`);
  });

  it("the Xiaomi importer accepts the copy: Mi 10T ends 2023-10, POCO C31 ended by its first listing", () => {
    const data = copyOf(FIXTURE_DATA, "dl-xiaomi-copy-data-");
    const imported = importCli(["xiaomi", fx.out, "--data", data, "--checked", "2026-11-28"]);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/2 imported \(2 written now\).*1 with a security-end month, 1 ended no later than their first listing/);
    const records = readdirSync(path.join(data, "devices")).map((f) => JSON.parse(readFileSync(path.join(data, "devices", f), "utf8")));
    const mi = records.find((r) => r.aliases?.includes("Mi 10T"));
    expect(mi.support.security[0].end).toEqual({ value: "2023-10", precision: "month" });
    const poco = records.find((r) => r.name === "POCO C31");
    expect(poco.support.security[0]).toMatchObject({ ended: true });
    expect(poco.support.security[0].meaning).toContain("27 September 2024");
  });
});
