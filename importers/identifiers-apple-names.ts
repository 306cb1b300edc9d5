// Apple's sources name a configuration, not a device: "iPad Air (4th
// generation) Wi-Fi + Cellular", "iPhone 8 (GSM)", "Apple Watch Series 6
// (GPS, 40mm)". The device is the name without the configuration; these are
// the only words taken off, so any other difference leaves the name as it is
// (and the merge finds no exact match). "(China mainland)" is a market: it
// becomes the code's region. Pure.

export function appleDevice(name: string): { name: string; regions?: string[] } {
  let n = name.trim();
  const china = /\s*\(China mainland\)/.test(n);
  n = n
    .replace(/\s*\(China mainland\)/, "")
    .replace(/\s*\(Store Display Model\)/, "")
    .replace(/\s*\((?:GSM|CDMA)(?:, \d{4})?\)/, "")
    // Watches: "(GPS, 40mm)", "(GPS + Cellular, 44mm)", "(38mm)", "(49 mm)"; "(1st generation, GPS, 44mm)" keeps its generation.
    .replace(/\s*\((?:GPS(?: \+ Cellular)?, )?\d{2} ?mm\)/, "")
    .replace(/, GPS(?: \+ Cellular)?, \d{2} ?mm\)/, ")")
    // iPads: "Wi-Fi", "Wi-Fi + Cellular", "Wi-Fi + 3G (GSM)", "(MM)", "(VZ)", "(TD-LTE)", storage "(1TB)", "(1 or 2 TB)".
    .replace(/\s+Wi-Fi(?: \+ (?:Cellular|3G))?(?: \((?:GSM|CDMA|MM|VZ|TD-LTE)\))?(?=\s|$)/, "")
    .replace(/\s*\((?:1 ?TB|1 or 2 TB)\)/, "")
    .replace(/\s+/g, " ")
    .trim();
  return china ? { name: n, regions: ["CN"] } : { name: n };
}
