// How dotted OS versions order, wherever they are compared: the record
// schema's version ranges and the OS releases' builds. No imports: the fleet
// page's bundle runs it too.

/** Compare dotted versions part by part: 10.4 < 10.15 < 11 < 26 (as numbers, 10.15 would come before 10.4); a missing part is lowest. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d) return d;
  }
  return 0;
}
