// The only warnings the third-party tools in test/tools/ may report, each
// with its reason. Errors are never allowed. An entry names the tool, the
// rule and what it applies to; a warning no entry covers fails its test, and
// so does an entry no warning needs any more (so the list stays true).
export interface AllowedWarning {
  tool: "redocly" | "html-validate" | "prism" | "ical-grammar" | "feed-parser";
  rule: string;
  /** What the warning may be about: a file, a pointer or a page kind, matched as a substring. */
  where: string;
  reason: string;
}

export const ALLOWED_WARNINGS: AllowedWarning[] = [
  {
    tool: "redocly",
    rule: "operation-4xx-response",
    where: "/options/responses",
    reason:
      "OPTIONS is the CORS preflight, answered 204 on every API path and never refused (not even past the rate limit): a browser treats a preflight that is not a 2xx as a network failure, so the page could not read any error it carried (docs/API.md#edge-cases). It has no 4xx to describe.",
  },
  {
    tool: "redocly",
    rule: "no-server-example.com",
    where: "localhost",
    reason:
      "A build without BASE_URL (npm start, a local npm run build) describes the preview it is served by, http://localhost:8080, as its server. Production builds set BASE_URL; the rule is kept for them, and the lint of the test builds (real-looking origins) allows nothing.",
  },
  {
    tool: "html-validate",
    rule: "long-title",
    where: ": device page: ",
    reason:
      "A device page's <title> is the device's whole name and the site's name. Names are the manufacturers' and can be long (\"Microsoft Surface Laptop 7th Edition (Snapdragon processor)\", the hostile fixture's); screen readers announce the title first and tabs show it, so it is not cut, and search engines shorten it themselves. Reported as a warning (.htmlvalidate.json), allowed on device pages only: any other page keeps its title short.",
  },
  {
    tool: "html-validate",
    rule: "long-title",
    where: ": manufacturer page: ",
    reason:
      "A manufacturer page's <title> is the manufacturer's whole name, \"devices\", its page number and the site's name. The name is the records' own and is not cut, for the reasons of device pages (the hostile fixture's manufacturer name is a long URL). Allowed on manufacturer pages only.",
  },
  {
    tool: "html-validate",
    rule: "long-title",
    where: ": withdrawal notice: ",
    reason:
      "A withdrawal notice stands at the withdrawn record's own address, so its <title> is the device's whole name, as the device page's was (\"Apple iPad Pro 11-inch (3rd generation)\", withdrawn as a duplicate); not cut, for the reasons of device pages. Allowed on withdrawal notices only.",
  },
];

/** The entries of one tool, and a check that each was needed. */
export function allowedFor(tool: AllowedWarning["tool"]) {
  const entries = ALLOWED_WARNINGS.filter((w) => w.tool === tool);
  const used = new Set<AllowedWarning>();
  return {
    /** The entry that allows this warning, or undefined. */
    allows(rule: string, where: string): AllowedWarning | undefined {
      const hit = entries.find((w) => w.rule === rule && where.includes(w.where));
      if (hit) used.add(hit);
      return hit;
    },
    /** Entries no warning has needed so far. */
    unused: () => entries.filter((w) => !used.has(w)),
  };
}
