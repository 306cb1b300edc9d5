// How Xiaomi's lists name a device, and when two names are one device.
// Xiaomi renames entries often: a market in brackets comes and goes ("Mi 10
// (EEA)", later "Mi 10"), its case changes ("(in)" to "(IN)"), spaces move
// ("Xiaomi 12 T", "Mi 10 "), an entry changes brand group (the "Redmi A1"
// entries sat under POCO for a month). None of these is a new device or a
// new end: one key holds them all. The few renames no spelling rule explains
// are listed in RENAMES, each with the evidence that they are one device. Pure.

/** The markets Xiaomi writes in brackets after a name, lower-cased; "(Android One)" and "(2021)" are part of a name. */
const MARKETS = ["cn", "in", "eea", "global", "id", "ru", "tr", "tw", "mx", "jp", "za", "lm", "cl"];
const MARKET = new RegExp(`\\s*\\((${MARKETS.join("|")})\\)\\s*$`, "i");

/**
 * Renames no spelling rule explains, from the end-of-support list's history:
 * the old name's last copy is the one before the new name's first, or both
 * name the same device at once (Xiaomi listed "MIX 2S" and "Mi MIX 2S" side by
 * side until 2024-04 and kept the second).
 */
export const RENAMES: Record<string, { to: string; why: string }> = {
  "Mi 8 Explorer Edition": { to: "Mi 8 Explore Edition", why: "last listed 2023-01-21; the new spelling first listed in the next copy, 2023-02-27" },
  "MIX 2S": { to: "Mi MIX 2S", why: "listed beside Mi MIX 2S from 2022-07-26 until it left the list on 2024-04-26" },
  "MIX 3": { to: "Mi MIX 3", why: "listed beside Mi MIX 3 from 2022-07-26 until it left the list on 2024-04-26" },
  "POCO PHONE F1": { to: "POCO F1", why: "the Pocophone F1 and the POCO F1 are one phone; Xiaomi lists both names since 2022-07-26" },
};

/** Entries that are not devices: Xiaomi's internal test builds ("XM-VENUS", "XM-ELISH-DEMO"), listed for a month or two. */
export const isInternalEntry = (name: string) => /^XM-[A-Z0-9-]+(\s*\(\w+\))?$/.test(name.trim());

export const tidy = (name: string) => name.trim().replace(/\s+/g, " ");

/** The name without its market: "Mi 10 (EEA)" → "Mi 10", and the market, lower-cased. */
export function splitMarket(name: string): { base: string; market?: string } {
  const t = tidy(name);
  const m = MARKET.exec(t);
  return m ? { base: t.slice(0, m.index).trim(), market: m[1]!.toLowerCase() } : { base: t };
}

/** Letters, digits and "+" lower-cased ("Pro+" is not "Pro"): "Redmi K40 Pro + (CN)" and "Redmi K40 Pro+" are one key. */
export const keyOf = (name: string): string => {
  const base = splitMarket(name).base;
  const renamed = RENAMES[base]?.to ?? base;
  return renamed.toLowerCase().replace(/[^a-z0-9+]/g, "");
};

/** The record's name: the brand as people search it first ("Redmi", "POCO", "Xiaomi"); a "Mi" or "MIX" device is Xiaomi's. */
export function displayName(name: string): string {
  // "Redmi K40 Pro +" is written "Pro+" everywhere else, Xiaomi's own security-update list included.
  const base = tidy(splitMarket(name).base)
    .replace(/^REDMI\b/, "Redmi")
    .replace(/\s+\+/g, "+");
  return /^(Xiaomi|Redmi|POCO)\b/i.test(base) ? base.replace(/^poco\b/i, "POCO").replace(/^xiaomi\b/i, "Xiaomi") : `Xiaomi ${base}`;
}

export const deviceTypeOf = (name: string): "phone" | "tablet" => (/\bPad\b/i.test(name) ? "tablet" : "phone");

/** The market tags Xiaomi uses, as the record's regions write them (lm, Latin America, has no code). */
export const MARKET_REGIONS: Record<string, string | undefined> = {
  cn: "CN",
  in: "IN",
  eea: "EEA",
  global: "GLOBAL",
  id: "ID",
  ru: "RU",
  tr: "TR",
  tw: "TW",
  mx: "MX",
  jp: "JP",
  za: "ZA",
  cl: "CL",
  lm: undefined,
};
