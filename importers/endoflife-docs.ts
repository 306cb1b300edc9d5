// docs/import.md, generated from the importer's table so that the page says
// exactly what the code applies (npm run import -- docs; a test fails when
// the committed page is out of date).
import path from "node:path";
import { ENDOFLIFE_FILES, type ColumnMapping, type Condition, type ProductMapping } from "./endoflife-mapping.ts";
import { PHRASINGS, phrasing, STATUS_PHRASINGS, type Phrasing } from "./endoflife-phrasing.ts";
import { SOURCES } from "./sources.ts";

export const IMPORT_DOCS_PATH = path.resolve(import.meta.dirname, "../docs/import.md");

const DAY_WORDS: Record<NonNullable<Condition["day"]>, string> = {
  first: "the 1st of a month",
  last: "the last day of a month",
  anniversary: "the release day, whole years later",
};

function conditionText(when: Condition | undefined): string {
  if (!when) return "any other date";
  const parts: string[] = [];
  if (when.name) parts.push(`name matches \`${when.name.source}\``);
  if (when.comment) parts.push(`comment matches \`${when.comment.source}\``);
  if (when.day) parts.push(DAY_WORDS[when.day]);
  if (when.time) parts.push(when.time === "past" ? "on or before the commit date" : "after the commit date");
  return parts.join(", ");
}

const escapePipes = (s: string) => s.replaceAll("|", "\\|");

function pageText(ref: string): string {
  if (ref === "release-link") return "the release's link";
  if (ref === "comment-links") return "links in the comment";
  return `\`${ref}\``;
}

function columnSection(key: "eoas" | "eol", c: ColumnMapping): string[] {
  return [
    `**\`${key}\`** (${c.label === null ? "no label in the file" : `"${c.label}"`}) → ${c.support === "os" ? "OS updates" : "security updates"}${c.component ? `, component "${c.component}"` : ""}; subject "${c.subject}".`,
    "",
    "| When the date is | Phrasing | Recorded as | Precision | Also cites | Meaning |",
    "| --- | --- | --- | --- | --- | --- |",
    ...c.rules.map((r) => {
      const reading = phrasing(r.phrase).reading;
      return `| ${escapePipes(conditionText(r.when))} | \`${r.phrase}\` | ${reading === "estimate" ? "no date (estimate)" : reading} | ${reading === "estimate" ? "—" : r.precision} | ${r.pages.map(pageText).join(", ") || "—"} | ${escapePipes(r.meaning)} |`;
    }),
    "",
  ];
}

function fileSection(m: ProductMapping): string[] {
  const out = [`### ${m.file}`, ""];
  out.push(
    `- Manufacturer: ${m.manufacturer}${m.manufacturerFromLinks ? ` (or, where a release's link or comment names the maker: ${m.manufacturerFromLinks.map((f) => `\`${f.pattern.source}\` → ${f.manufacturer}`).join(", ")})` : ""}; names start with "${m.brand}"${m.labelPrefix ? `, bare labels with "${m.labelPrefix}"` : ""}.`,
    `- Device type: ${m.deviceType}${m.deviceTypeByName ? `; by name: ${m.deviceTypeByName.map(([re, t]) => `\`${re.source}\` → ${t}`).join(", ")}` : ""}.`,
    `- Release keys besides the common ones: ${m.extraKeys.length ? m.extraKeys.map((k) => `\`${k}\``).join(", ") : "none"}.`,
  );
  const cites = m.pages.filter((p) => !p.checked);
  const read = m.pages.filter((p) => p.checked);
  if (cites.length) out.push(`- Pages the file cites: ${cites.map((p) => `\`${p.id}\` ${p.url}`).join("; ")}.`);
  if (read.length)
    out.push(`- Pages read here for its rules (cited with their checked day): ${read.map((p) => `\`${p.id}\` ${p.url} (read ${p.checked})`).join("; ")}.`);
  if (m.citedHosts.length) out.push(`- Per-release pages cited from: ${m.citedHosts.map((h) => `${h.host} (\`${h.id}\`)`).join(", ")}.`);
  for (const note of m.notes) out.push(`- ${note}`);
  out.push("");
  if (m.osCycles)
    out.push(
      `Support follows the OS cycles: the release's \`${m.osCycles.key}\` names the last major, looked up in \`os/${m.osCycles.file}\`${m.osCycles.before ? ` (before ${m.osCycles.since}, in \`os/${m.osCycles.before.file}\`)` : ""}. The columns below are only compared, in the verdict sanity report.`,
      "",
    );
  if (!m.eoas) out.push("No `eoas` column: OS updates are recorded as unknown (evidence `unverified`, no source).", "");
  if (m.eoas) out.push(...columnSection("eoas", m.eoas));
  if (m.eol) out.push(...columnSection("eol", m.eol));
  return out;
}

export function importDocsText(): string {
  return [
    "# Importing from endoflife.date",
    "",
    "<!-- Generated from importers/endoflife-mapping.ts by `npm run import -- docs`; do not edit by hand. -->",
    "",
    "`npm run import -- endoflife ../shared/sources/endoflife.date` reads endoflife.date's device files (`products/*.md`, under its MIT license, which must sit beside them as `LICENSE`) and, for each release:",
    "",
    "- if it names a record we have (same slug, a former slug, or the same name or alias as the search compares names, with `+` counted: the S22+ is not the S22), compares the two field by field in `data/import/endoflife.md` and `.json`; the record is never written;",
    "- otherwise writes a proposed record, `data/devices/<slug>.json` (a draft unless `--state published`), after the project's validator has passed it together with the whole catalog.",
    "",
    "A second run writes nothing new and the same report: an import nobody has revised yet (its only revision is the importer's) is recognised as the importer's own. Bad input (broken YAML, no front matter, an unknown column, an impossible day, an end before the release, a value of the wrong type) is printed as `file:line: message`, every problem at once, and nothing at all is written (exit code 2).",
    "",
    "## Flags",
    "",
    "| Flag | Default | Meaning |",
    "| --- | --- | --- |",
    "| `--data DIR` | `data` | The catalog to compare with and write into. |",
    "| `--checked YYYY-MM-DD` | today (UTC) | The day the files were read here: the `checked` day of every endoflife.date source and the date of the importer's revision entry. |",
    `| \`--commit SHA\` | the commit the folder's README records, else \`${SOURCES.endoflife.commit}\` | The endoflife.date commit the files are from: every citation links the file at that commit. |`,
    "| `--commit-date YYYY-MM-DD` | the date recorded with that commit | Needed for any other commit. Dates on or before it are past (a possible observation), later ones future. |",
    "| `--state draft\\|published` | `draft` | The publication state of new proposals. |",
    "",
    "## What every proposal holds",
    "",
    '- Name: the file\'s brand and release label ("Google" + "Pixel 9"); slug from the name (`+` → `plus`, `&` → `and`); one variant, the product as labelled, sold `GLOBAL` with a note that endoflife.date records no markets or model numbers.',
    "- Release date: a `-01` day, or a day the comment calls approximate, is the month; any other day is the day.",
    "- One OS and one security commitment. A dated value becomes an `end`, a `minimum`, a `ceiling` or a `lastUpdate` (with `ended`) by the phrasing table below, never one turned into another; `true` is recorded as ended, date not documented (`ended`), `false` as continuing on the commit date (`supportedOn`); an estimate records no date, only the status it implies on the commit date, and its meaning says what was estimated.",
    "- OS versions (`osVersions`): Apple's supported-versions ranges, with the product file and the OS file as sources.",
    "- Sources: the file at its commit (publisher endoflife.date, `checked` = `--checked`), and the manufacturer pages the rule names, with `citedBy` the file: they were not read here. Evidence level `third-party`. Nothing of endoflife.date's prose is copied (it is CC BY-SA): facts and links only.",
    "",
    "## The report and conflicts",
    "",
    "Each compared field is `same`, `compatible` (one date lies within the other, or we record a date where they record none without contradicting it), `conflict` or `resolved`. Unresolved conflicts come first. A conflict is resolved in the record itself: add a revision entry whose `change` contains the row's *Resolve with* text, then what was decided (kept ours, adopted theirs, changed the kind), with the reason in `reason`. The text names the file, release, field and their value, so the resolution lapses when endoflife.date's value changes. See CONTRIBUTING.md.",
    "",
    "## Same words, same kind",
    "",
    "One table maps the sources' phrasing to a kind of fact, in every file (`importers/endoflife-phrasing.ts`). Each rule of a file names the phrasing its dates are worded in; a value whose own comment uses a phrasing's words takes that phrasing where its rule reads a plain end, and that phrasing's meaning (the last column), never the rule's words for a dated end.",
    "",
    "| Phrasing | Words | Recorded as | What it means | Meaning of a date its own comment words so |",
    "| --- | --- | --- | --- | --- |",
    ...PHRASINGS.map(
      (p: Phrasing) =>
        `| \`${p.id}\` | ${p.words ? `\`${escapePipes(p.words.source)}\`` : "(the value's shape)"} | ${p.reading === "estimate" ? "no date (estimate)" : p.reading} | ${escapePipes(p.reads)} | ${p.fromComment ? escapePipes(p.fromComment) : ""} |`,
    ),
    ...STATUS_PHRASINGS.map((p) => `| — | \`${escapePipes(p.value)}\` | ${escapePipes(p.records)} | | |`),
    "",
    "## The files",
    "",
    'Each file labels and fills its columns its own way. Rules are tried in order; the first that holds decides. "Past" and "future" are relative to the commit date.',
    "",
    ...ENDOFLIFE_FILES.flatMap(fileSection),
  ].join("\n");
}
