// A curator's decisions on the identifier importers' review lists
// (data/identifier-decisions.json, docs/import-identifiers.md#decisions):
// each with the line it starts on; a decision without a reason of a
// sentence, an accepted row without its record, a rejected row that takes
// codes, a row decided twice, are each refused as file:line.
import { describe, expect, it } from "vitest";
import { formatSourceProblem } from "./front-matter.ts";
import { readDecisions } from "./identifiers-decisions.ts";

const FILE = "data/identifier-decisions.json";
const REASON = "The record is the phone of July 2015, the SM-J700 family.";
const accept = {
  importer: "android",
  row: "Samsung Galaxy J7",
  decision: "accept",
  record: "samsung-galaxy-j7",
  codes: ["SM-J700F", "j7elte"],
  reason: REASON,
};
const reject = { importer: "android", row: "Example Pro 7 Lite", decision: "reject", reason: REASON };
/** The file as a curator writes it: two-space indent, one key a line (the first entry's "{" on line 4). */
const fileOf = (decisions: unknown[]) => JSON.stringify({ $comment: "Decisions.", decisions }, null, 2);
const problemsOf = (decisions: unknown[]) => readDecisions(FILE, fileOf(decisions)).problems.map(formatSourceProblem);

describe("good decisions", () => {
  it("are read with the file and the line each starts on", () => {
    const { decisions, problems } = readDecisions(FILE, fileOf([accept, reject, { ...reject, importer: "surface" }]));
    expect(problems).toEqual([]);
    expect(decisions.map((d) => [d.importer, d.row, d.decision, d.file, d.line])).toEqual([
      ["android", "Samsung Galaxy J7", "accept", FILE, 4],
      ["android", "Example Pro 7 Lite", "reject", FILE, 15],
      ["surface", "Example Pro 7 Lite", "reject", FILE, 21],
    ]);
    expect(decisions[0]).toMatchObject({ record: "samsung-galaxy-j7", codes: ["SM-J700F", "j7elte"], reason: REASON });
  });

  it("may be none", () => {
    expect(readDecisions(FILE, '{"decisions": []}')).toEqual({ decisions: [], problems: [] });
  });

  it.each([
    ["a variant index", { variant: 1 }],
    ["shared", { shared: true }],
  ])("an accepted row may name %s", (_what, extra) => {
    expect(readDecisions(FILE, fileOf([{ ...accept, ...extra }])).problems).toEqual([]);
  });
});

describe("decisions refused, each at its line", () => {
  const { reason: _, ...withoutReason } = accept;
  const cases: { name: string; decisions: unknown[]; problems: string[] }[] = [
    { name: "no reason", decisions: [withoutReason], problems: [`${FILE}:4: decision 1 reason: Invalid input: expected string, received undefined`] },
    {
      name: "a reason that is not a sentence",
      decisions: [reject, { ...reject, row: "Other", reason: "checked" }],
      problems: [`${FILE}:10: decision 2 reason: must say why, in a sentence a reviewer can check`],
    },
    {
      name: "an accepted row without its record",
      decisions: [{ ...reject, decision: "accept" }],
      problems: [`${FILE}:4: decision 1 record: an accepted row must name the record it goes to`],
    },
    {
      name: "a rejected row that takes codes",
      decisions: [{ ...reject, codes: ["EX-P7L"] }],
      problems: [`${FILE}:4: decision 1 decision: a rejected row takes no codes, variant or shared`],
    },
    {
      name: "an empty list of codes",
      decisions: [{ ...accept, codes: [] }],
      problems: [`${FILE}:4: decision 1 codes: Too small: expected array to have >=1 items`],
    },
    {
      name: "an importer that does not exist",
      decisions: [{ ...reject, importer: "nokia" }],
      problems: [`${FILE}:4: decision 1 importer: Invalid option: expected one of "samsung"|"appledb"|"sofa"|"android"|"surface"|"aer"|"eprel"`],
    },
    { name: "a key the file does not know", decisions: [{ ...reject, note: "x" }], problems: [`${FILE}:4: decision 1: Unrecognized key: "note"`] },
    {
      name: "a row decided twice for one importer (another importer's row of that name is another row)",
      decisions: [reject, { ...reject, importer: "sofa" }, reject],
      problems: [`${FILE}:16: decision 3: the android row "Example Pro 7 Lite" is decided already at line 4`],
    },
  ];
  it.each(cases)("$name", ({ decisions, problems }) => expect(problemsOf(decisions)).toEqual(problems));

  // Entry 2 starts on line 10 either way; what follows it starts where its own "{" is.
  it.each([
    [
      "an entry without importer",
      { row: "Other", decision: "reject", reason: REASON },
      [
        `${FILE}:10: decision 2 importer: Invalid option: expected one of "samsung"|"appledb"|"sofa"|"android"|"surface"|"aer"|"eprel"`,
        `${FILE}:21: decision 4: the android row "Other" is decided already at line 15`,
      ],
    ],
    [
      "an entry that is not an object",
      "a decision",
      [
        `${FILE}:10: decision 2: Invalid input: expected object, received string`,
        `${FILE}:17: decision 4: the android row "Other" is decided already at line 11`,
      ],
    ],
  ])("%s is refused at its own line, and the entries after it keep theirs", (_, bad, problems) => {
    expect(problemsOf([reject, bad, { ...reject, row: "Other" }, { ...reject, row: "Other" }])).toEqual(problems);
  });

  it("every problem of the file at once, and no decision from an entry with one", () => {
    const { decisions, problems } = readDecisions(FILE, fileOf([withoutReason, reject, { ...reject, row: "Other", decision: "accept" }]));
    expect(problems.map(formatSourceProblem)).toEqual([
      `${FILE}:4: decision 1 reason: Invalid input: expected string, received undefined`,
      `${FILE}:20: decision 3 record: an accepted row must name the record it goes to`,
    ]);
    expect(decisions.map((d) => d.row)).toEqual(["Example Pro 7 Lite"]);
  });
});

describe("a file that is not a list of decisions", () => {
  it.each([
    ['{"decisions": {}}', `${FILE}:1: must be {"decisions": [...]} (see docs/import-identifiers.md#decisions)`],
    ['{"decisions": [], "other": 1}', `${FILE}:1: must be {"decisions": [...]} (see docs/import-identifiers.md#decisions)`],
    ["[]", `${FILE}:1: must be {"decisions": [...]} (see docs/import-identifiers.md#decisions)`],
  ])("%s", (text, problem) => {
    expect(readDecisions(FILE, text)).toEqual({ decisions: [], problems: [expect.objectContaining({ line: 1 })] });
    expect(readDecisions(FILE, text).problems.map(formatSourceProblem)).toEqual([problem]);
  });

  it("is not JSON: the line JSON.parse names", () => {
    const { decisions, problems } = readDecisions(FILE, '{\n  "decisions": [\n    {"importer": "android",}\n  ]\n}');
    expect(decisions).toEqual([]);
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.message.split(":")[0]}`)).toEqual([`${FILE}:3: not valid JSON`]);
  });
});
