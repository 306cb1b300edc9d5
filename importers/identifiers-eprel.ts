// The EU energy label's registrations (EPREL, the CSV export in
// ../shared/sources/eprel-smartphones) as a model-code source: a supplier
// that registers a model under its marketing name and its code ("g35 5G
// (XT2433-5)", "Fairphone 5 5G - Model: FP5") states which device the code
// is. That code goes to the record whose name is that name, of the same
// maker, as the merge compares names (identifiers-merge.ts): exact, near
// names to review. A bare code ("SM-S937B/DS", "GEC77") names no device and
// gives nothing. Motorola registers most phones without its line word "moto"
// ("g35 5G", but "Moto Edge 50") where the catalog's names keep it ("Motorola
// Moto G35 5G", "Motorola Edge 50"): a Motorola name is tried as written,
// then with "moto" added or taken away, as the merge tries a name with and
// without the manufacturer. Each code is cited to the registration's EPREL
// page, cited by the copy that was read, as the repairability entries are.
// Pure.
import { compact } from "../generator/derive/search.ts";
import { EPREL_CSV, namedModel, readRegistrations, sameMaker, sourcesOf } from "./eprel.ts";
import type { SourceProblem } from "./front-matter.ts";
import type { SourceFile } from "./identifiers-appledb.ts";
import type { SourceRow, SourceRead } from "./identifiers-merge.ts";
import type { SnapshotContext } from "./identifiers-samsung.ts";

/** A maker's line word, which its registrations write or leave out where the catalog's names keep it. */
const LINE_WORDS: Record<string, string> = { motorola: "moto" };

/** The name with the maker's line word added (when it lacks it) or taken away (when it begins with it). */
function lineWordVariant(manufacturer: string, name: string): string | undefined {
  const word = LINE_WORDS[compact(manufacturer)];
  if (!word) return undefined;
  const rest = new RegExp(`^${word}\\s+(.+)$`, "i").exec(name)?.[1];
  return rest ?? `${word} ${name}`;
}

export function readEprelCodes(file: SourceFile, manufacturers: string[], ctx: SnapshotContext): { run?: SourceRead; problems: SourceProblem[] } {
  const read = readRegistrations({ path: file.path, text: file.text });
  if (read.problems.length) return { problems: read.problems };
  const setAside: Record<string, number> = {};
  const aside = (reason: string) => (setAside[reason] = (setAside[reason] ?? 0) + 1);
  const rows: SourceRow[] = [];
  for (const reg of read.registrations) {
    const makers = manufacturers.filter((m) => sameMaker(m, reg.supplier));
    if (makers.length !== 1) {
      aside("a supplier the catalog holds no device of");
      continue;
    }
    const named = namedModel(reg.modelIdentifier);
    if (!named) {
      aside("a bare code: the registration names no device");
      continue;
    }
    const manufacturer = makers[0]!;
    const other = lineWordVariant(manufacturer, named.name);
    const [copy, page] = sourcesOf(reg, { snapshot: ctx, checked: ctx.checked });
    rows.push({
      ref: {
        file: EPREL_CSV,
        line: reg.line,
        label: compact(reg.modelIdentifier).startsWith(compact(reg.supplier)) ? reg.modelIdentifier : `${reg.supplier} ${reg.modelIdentifier}`,
      },
      manufacturer,
      name: named.name,
      ...(other ? { fallbackNames: [other] } : {}),
      codes: [{ kind: "model-number", value: named.code }],
      source: page!,
      citedBy: copy!,
    });
  }
  return {
    problems: [],
    run: {
      files: [EPREL_CSV],
      rows,
      review: [],
      setAside,
      curatorList: true,
    },
  };
}
