import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem } from "./validate.ts";
import { validateOsReleases } from "./os-releases.ts";

const real = (os: string) => ({ file: `data/os/${os}.json`, name: os, text: readFileSync(new URL(`../../data/os/${os}.json`, import.meta.url), "utf8") });
const edited = (os: string, edit: (f: Record<string, any>) => void) => {
  const f = real(os);
  const json = JSON.parse(f.text);
  edit(json);
  return { ...f, text: JSON.stringify(json) };
};

describe("validateOsReleases", () => {
  it("reads the imported files in the API's order", () => {
    const { files, problems } = validateOsReleases([real("windows"), real("ios")]);
    expect(problems).toEqual([]);
    expect(files.map((f) => f.os)).toEqual(["ios", "windows"]);
  });

  it.each([
    ["not JSON", { file: "data/os/ios.json", name: "ios", text: "{" }, /^data\/os\/ios\.json: \(file\): is not valid JSON/],
    ["a file named for no OS", { file: "data/os/linux.json", name: "linux", text: "{}" }, /^data\/os\/linux\.json: \(file\): is not named for an OS/],
    [
      "an OS other than its name",
      { ...real("ios"), name: "ipados", file: "data/os/ipados.json" },
      /^data\/os\/ipados\.json: os: is "ios", but the file is named for ipados$/,
    ],
    [
      "a release both ended and with a documented end",
      edited("windows", (f) => {
        f.releases[0].security.ended = true;
      }),
      /^data\/os\/windows\.json: releases\[0\]\.security: must say exactly one of end/,
    ],
    [
      "a Windows release without its build",
      edited("windows", (f) => {
        delete f.releases[2].build;
      }),
      /^data\/os\/windows\.json: releases\[2\]\.build: is required for a Windows release$/,
    ],
    [
      "an edition family outside Windows",
      edited("ios", (f) => {
        f.releases[0].edition = "home-pro";
      }),
      /^data\/os\/ios\.json: releases\[0\]\.edition: must be "all"/,
    ],
    [
      "a month written as a day",
      edited("windows", (f) => {
        f.releases[0].security.end = { value: "2029-03", precision: "day" };
      }),
      /^data\/os\/windows\.json: releases\[0\]\.security\.end\.value: "2029-03" does not match precision "day"/,
    ],
  ])("names the file, field and problem: %s", (_, file, message) => {
    const { files, problems } = validateOsReleases([file]);
    expect(files).toEqual([]);
    expect(problems.map(formatProblem)).toContainEqual(expect.stringMatching(message));
  });
});
