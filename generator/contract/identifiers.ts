// How an identifier is compared, wherever it is compared: the validator's
// duplicate check, the importers' matching, the lookup endpoint, the list's
// `q` and the fleet page. Fleet exports write the same code differently
// ("SM-A525F", "sm_a525f", "SM A525F"), so case and separators do not count.
// The comma stays: it is part of Apple's hardware identifiers, and
// "iPhone1,54" is not "iPhone15,4". No imports: it runs under Node, Deno and
// in the browser.

/** Letters, digits and commas, upper-cased: "sm-a525f" → "SMA525F", "iPhone15,4" → "IPHONE15,4". */
export function identifierKey(value: string): string {
  return value
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^\p{L}\p{N},]+/gu, "");
}

/**
 * The keys a written code can mean, most specific first: the code itself and,
 * for a code with a "/" suffix (Samsung's "SM-A525F/DS", a dual-SIM build of
 * the SM-A525F family), its family before the slash.
 */
export function identifierKeys(value: string): string[] {
  const whole = identifierKey(value);
  const slash = value.indexOf("/");
  const family = slash > 0 ? identifierKey(value.slice(0, slash)) : "";
  return family && family !== whole ? [whole, family] : whole ? [whole] : [];
}

/**
 * Kinds whose value is a pattern a device's own code is tested against (a
 * ChromeOS HWID pattern from Google's recovery index), not a code: never
 * given a key, so no exact comparison, bucket or fleet index holds one.
 */
export const isPatternKind = (kind: string) => kind === "hwid-pattern";

/** How a record's identifier is told apart from another: its key for a code, the exact text for a pattern. */
export const identifierIdentity = (x: { kind: string; value: string }) => (isPatternKind(x.kind) ? `${x.kind}:${x.value}` : identifierKey(x.value));

/**
 * A record as the list and the site search index it: its codes without HWID
 * patterns, which are neither a name nor a code anyone types (the alex
 * board's pattern alone is 4,591 characters). The record itself, untouched,
 * when it has none.
 */
export function withoutPatterns<T extends { variants: readonly { identifiers?: readonly { value: string; kind?: string }[] }[] }>(r: T): T {
  const isPattern = (i: { kind?: string }) => isPatternKind(i.kind ?? "");
  if (!r.variants.some((v) => v.identifiers?.some(isPattern))) return r;
  return { ...r, variants: r.variants.map((v) => (v.identifiers ? { ...v, identifiers: v.identifiers.filter((i) => !isPattern(i)) } : v)) };
}
