import { describe, expect, it } from "vitest";
import { flatness } from "./rss.ts";

const ramp = (from: number, to: number, n = 20) => Array.from({ length: n }, (_, i) => from + ((to - from) * i) / (n - 1));

describe("flatness of a server's RSS under load", () => {
  it.each([
    ["steady", Array(20).fill(150), true],
    ["a cache filling during the warm-up, then steady", [...ramp(100, 160, 5), ...Array(15).fill(160)], true],
    [
      "a heap that settles higher, below the peak it already reached",
      [100, 180, 271, 160, 158, 158, 160, 158, 250, 248, 248, 249, 248, 247, 248, 250, 248, 248, 249, 248],
      true,
    ],
    ["a steady climb to new peaks (a leak)", ramp(100, 300), false],
    ["a late jump above every earlier sample", [...Array(14).fill(150), ...Array(6).fill(260)], false],
  ])("%s", (_, samples, flat) => {
    expect(flatness(samples as number[]).flat).toBe(flat);
  });
});
