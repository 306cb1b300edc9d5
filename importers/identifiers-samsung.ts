// Samsung model numbers from endoflife.date's Samsung files: a release whose
// link is a doc.samsungmobile.com page names one model number in the page's
// path (https://doc.samsungmobile.com/SM-A576B/ECO/doc.html → SM-A576B). The
// release is the device the endoflife.date importer reads (its slug and
// name), so the code goes to the record that import made or matched. The
// path's second part is a carrier/market code (CSC) that this project does
// not map to countries: no regions are recorded. Pure.
import type { SourceProblem } from "./front-matter.ts";
import type { ProductText } from "./endoflife-import.ts";
import { readProductFile } from "./endoflife-releases.ts";
import { readRelease } from "./endoflife-readings.ts";
import { endoflifeSource } from "./endoflife-proposals.ts";
import type { SourceRow, SourceRead } from "./identifiers-merge.ts";

/**
 * A Samsung model number's family: the series letter and three digits
 * (SM-A525F, SM-A525M, SM-A5250, AT&T's SAMSUNG-SM-A525A → A525). US prepaid
 * carriers' builds have numbers of their own ending in L (SM-S111DL is the
 * Galaxy A01 sold by TracFone, SM-S146VL the A14 5G): they name no family.
 */
export function samsungFamily(model: string): string | undefined {
  if (/^SM-S\d{3,4}[A-Z]?L$/.test(model)) return undefined;
  return /^(?:SAMSUNG-)?SM-([A-Z]\d{3})/.exec(model)?.[1];
}

export const SAMSUNG_FILES = ["samsung-galaxy-tab.md", "samsung-galaxy-watch.md", "samsung-mobile.md"];

const DOC_LINK = /^https?:\/\/doc\.samsungmobile\.com\/([^/\s]+)\//i;

export interface SnapshotContext {
  commit: string;
  commitDate: string;
  checked: string;
}

export function readSamsung(products: ProductText[], ctx: SnapshotContext): { run?: SourceRead; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  const rows: SourceRow[] = [];
  const setAside: Record<string, number> = {};
  const files = products.filter((p) => SAMSUNG_FILES.includes(p.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
  if (!files.length) problems.push({ file: "products", line: 1, message: `holds none of ${SAMSUNG_FILES.join(", ")}` });
  for (const p of files) {
    const read = readProductFile(p.path, p.name, p.text);
    problems.push(...read.problems);
    if (!read.product) continue;
    const source = { ...endoflifeSource(p.name, { ...ctx, state: "draft" }) };
    for (const release of read.product.releases) {
      const link = release.link?.value;
      const m = link ? DOC_LINK.exec(link) : null;
      if (!m) {
        setAside[link ? "the release links another site" : "the release has no link"] =
          (setAside[link ? "the release links another site" : "the release has no link"] ?? 0) + 1;
        continue;
      }
      // Samsung's files follow no OS cycle: the reading needs no OS files.
      const reading = readRelease(read.product, release, { ...ctx, osFiles: new Map() });
      rows.push({
        ref: { file: `products/${p.name}`, line: release.link!.line, label: reading.name },
        manufacturer: reading.manufacturer,
        name: reading.name,
        slugs: [reading.slug],
        // Samsung writes its model numbers in capitals; some links write the path in lower case.
        codes: [{ kind: "model-number", value: decodeURIComponent(m[1]!).toUpperCase() }],
        source,
      });
    }
  }
  if (problems.length) return { problems };
  return {
    problems,
    run: {
      files: files.map((f) => `products/${f.name}`),
      rows,
      review: [],
      setAside,
      familyOf: samsungFamily,
    },
  };
}
