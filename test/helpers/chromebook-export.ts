// A synthetic Google Admin export of a middle school's Chromebooks, in the
// columns Admin's "Chrome devices" list exports, over the models schools buy
// (Lenovo's 100e/300e/500e, HP's 11 EE, Dell's 3100/3110, Acer, ASUS, CTL,
// Samsung), each Model cell as Admin writes it (the recovery index's name,
// "100e 2nd Gen AMD" included), beside the rows a real export also has: an
// old name three devices shared, and a model the catalog lacks. Seeded, so
// the same seed gives the same file. Each row says which record it is.
import { stringify } from "csv-stringify/sync";
import { rng } from "../../generator/synth/generate.ts";

/** Google Admin's Chrome devices export, its first columns in its order. */
export const ADMIN_COLUMNS = [
  "Serial Number",
  "Model",
  "OS Version",
  "Platform Version",
  "Firmware Version",
  "Status",
  "Last Sync",
  "Annotated User",
  "Annotated Asset ID",
  "Annotated Location",
  "Org Unit Path",
  "Auto Update Expiration",
  "MAC Address",
  "Ethernet MAC Address",
  "Enrollment Time",
  "Last Enrollment User",
] as const;

/** [Model as Admin shows it, its board (Platform Version names it), the record it is (null: none is right), rows]. */
export const SCHOOL_MODELS: [string, string, string | null, number][] = [
  ["Lenovo 100e Chromebook Gen 3", "dedede", "lenovo-100e-chromebook-gen-3", 14],
  ["Lenovo 100e Chromebook Gen 4", "nissa", "lenovo-100e-chromebook-gen-4", 10],
  ["Lenovo 100e Chromebook Gen 4 (Intel)", "nissa", "lenovo-100e-chromebook-gen-4-intel", 6],
  ["Lenovo 300e Chromebook Gen 3", "dedede", "lenovo-300e-chromebook-gen-3", 8],
  ["Lenovo 500e Chromebook Gen 3", "dedede", "lenovo-500e-chromebook-gen-3", 5],
  ["100e 2nd Gen AMD", "grunt", "lenovo-100e-2nd-gen-amd", 6],
  ["Lenovo 300e 2nd Gen AMD", "grunt", "lenovo-300e-2nd-gen-amd", 3],
  ["HP Chromebook 11 G8 EE", "octopus", "hp-chromebook-11-g8-ee", 9],
  ["HP Chromebook 11 G9 EE", "jacuzzi", "hp-chromebook-11-g9-ee", 5],
  ["HP Chromebook x360 11 G4 EE", "dedede", "hp-chromebook-x360-11-g4-ee", 4],
  ["HP Chromebook 11 G6 EE", "snappy", "hp-chromebook-11-g6-ee-chromebook-11a", 3],
  ["Dell Chromebook 3100", "octopus", "dell-chromebook-3100", 8],
  ["Dell Chromebook 3100 2-in-1", "octopus", "dell-chromebook-3100-2-in-1", 4],
  ["Dell Chromebook 3110", "dedede", "dell-chromebook-3110", 6],
  ["Dell Chromebook 3110 2-in-1", "dedede", "dell-chromebook-3110-2-in-1", 3],
  ["Acer Chromebook 311 (C733, C733U, C733T)", "octopus", "acer-chromebook-311-c733-c733u-c733t", 4],
  ["Acer Chromebook Spin 511 (R752T, R752TN)", "octopus", "acer-chromebook-spin-511-r752t-r752tn", 3],
  ["ASUS Chromebook CR1100CKA", "dedede", "asus-chromebook-cr1100cka", 4],
  ["ASUS Chromebook Flip CR1100FKA", "dedede", "asus-chromebook-flip-cr1100fka", 3],
  ["ASUS Chromebook C204", "octopus", "asus-chromebook-c204", 2],
  ["CTL Chromebook NL7 / NL7T-360 / NL7TW-360", "octopus", "ctl-chromebook-nl7-nl7t-360-nl7tw-360", 3],
  ["Samsung Chromebook 4", "octopus", "samsung-chromebook-4", 2],
  ["Lenovo Chromebook Duet / Lenovo Ideapad Duet Chromebook", "kukui", "lenovo-chromebook-duet", 1],
  ["Lenovo Ideapad C330 Chromebook", "hana", "lenovo-chromebook-c330", 1],
  // A name the index gave three HP models (octopus, dedede, zork): the Model column alone cannot say which.
  ["HP Chromebook 14a", "octopus", null, 2],
  // A model the catalog does not hold.
  ["Acme Classroom Chromebook 11", "octopus", null, 1],
];

/** The export's CSV text and, per data row, the slug it should match (null: no record is right). */
export function chromebookExport(seed = 32): { csv: string; expected: (string | null)[] } {
  const rand = rng(seed);
  const hex = () =>
    Math.floor(rand() * 256)
      .toString(16)
      .padStart(2, "0");
  const rows: string[][] = [[...ADMIN_COLUMNS]];
  const expected: (string | null)[] = [];
  let n = 0;
  for (const [model, board, slug, count] of SCHOOL_MODELS)
    for (let i = 0; i < count; i++, n++) {
      const grade = 6 + (n % 3);
      rows.push([
        `5CD${(100000 + n * 7919).toString(36).toUpperCase()}`,
        model,
        "142.0.7444.240",
        `16328.65.0 (Official Build) stable-channel ${board}`,
        `Google_${board[0]!.toUpperCase()}${board.slice(1)}.13606.0.0`,
        rand() < 0.95 ? "ACTIVE" : "DEPROVISIONED",
        `2026-11-${String(1 + (n % 27)).padStart(2, "0")}T08:${String(n % 60).padStart(2, "0")}:00.000Z`,
        `student${n}@school.example`,
        `MS-${String(n).padStart(4, "0")}`,
        `Room ${100 + (n % 12)}`,
        `/Students/Grade ${grade}`,
        "",
        [hex(), hex(), hex(), hex(), hex(), hex()].join("").toUpperCase(),
        "",
        `2024-08-${String(1 + (n % 28)).padStart(2, "0")}T12:00:00.000Z`,
        "enroll@school.example",
      ]);
      expected.push(slug);
    }
  return { csv: stringify(rows, { record_delimiter: "windows" }), expected };
}
