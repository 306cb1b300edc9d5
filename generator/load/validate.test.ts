// Validation as a curator meets it, without a build: a bad file names its
// file, its field (as people write a path) and what is wrong; a catalog-wide
// rule names the second file; and a watcher's cache validates a file again
// only when its text changed. test/records/validation.test.ts walks the
// rules' corpus through whole builds.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_DEVICES } from "../../test/helpers/records.ts";
import { formatProblem, validateFile, validateFiles, type RawFile, type ValidationCache } from "./validate.ts";

const SLUG = "alpha-phone";
const text = readFileSync(path.join(FIXTURE_DEVICES, `${SLUG}.json`), "utf8");
const file = (slug: string, edit?: (r: Record<string, any>) => void, name = slug): RawFile => {
  const r = JSON.parse(text);
  r.slug = slug;
  edit?.(r);
  return { file: `data/devices/${name}.json`, slug: name, text: JSON.stringify(r, null, 2) };
};

describe("validateFile", () => {
  it("gives the record of a good file, with no problem", () => {
    const result = validateFile(file(SLUG));
    expect(result.problems).toEqual([]);
    expect(result.record?.slug).toBe(SLUG);
  });

  it("names a file that is not JSON, and gives no record", () => {
    const result = validateFile({ file: "data/devices/x.json", slug: "x", text: "{ oops" });
    expect(result.record).toBeUndefined();
    expect(result.problems.map(formatProblem)).toEqual([expect.stringMatching(/^data\/devices\/x\.json: \(file\): is not valid JSON: /)]);
  });

  it("names a field of the wrong shape by its path, and an unknown one by its name", () => {
    const result = validateFile(
      file(SLUG, (r) => {
        r.support.os[0].id = 7;
        r.colour = "red";
      }),
    );
    expect(result.record).toBeUndefined();
    const lines = result.problems.map(formatProblem);
    expect(lines).toContainEqual(expect.stringMatching(/^data\/devices\/alpha-phone\.json: support\.os\[0\]\.id: /));
    expect(lines).toContain('data/devices/alpha-phone.json: (file): unknown field(s) "colour"');
  });

  it("checks the whole record once its shape holds: a slug other than the file's name", () => {
    const result = validateFile(file(SLUG, undefined, "alpha-phone-2"));
    expect(result.problems.map(formatProblem)).toEqual([
      'data/devices/alpha-phone-2.json: slug: "alpha-phone" differs from the file name (expected "alpha-phone-2")',
    ]);
  });
});

describe("validateFiles", () => {
  it("names the second file that claims a slug, and each file that repeats another's model code", () => {
    const { records, problems } = validateFiles([file(SLUG), { ...file(SLUG), file: "data/devices/copy/alpha-phone.json" }]);
    expect(records).toHaveLength(2);
    const lines = problems.map(formatProblem);
    expect(lines).toContain('data/devices/copy/alpha-phone.json: slug: duplicate slug "alpha-phone" (also in data/devices/alpha-phone.json)');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^data\/devices\/alpha-phone\.json: variants\[0\]\.identifiers\[0\]\.value: "SM-A525F" is also a code of data\/devices\/copy\/alpha-phone\.json/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^data\/devices\/copy\/alpha-phone\.json: variants\[0\]\.identifiers\[0\]\.value: "SM-A525F" is also a code of data\/devices\/alpha-phone\.json/,
      ),
    );
  });

  it("validates a file again only when its text changed (the watcher's cache)", () => {
    const cache: ValidationCache = new Map();
    const first = validateFiles([file(SLUG)], cache).records[0]!.record;
    expect(validateFiles([file(SLUG)], cache).records[0]!.record).toBe(first);
    const edited = validateFiles([file(SLUG, (r) => (r.name = "Alpha Phone, renamed"))], cache).records[0]!.record;
    expect(edited).not.toBe(first);
    expect(edited.name).toBe("Alpha Phone, renamed");
  });
});
