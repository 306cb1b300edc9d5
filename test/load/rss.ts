// The server's resident memory, sampled from /proc once a second, and the
// test of whether it stayed flat under load.
import { readFileSync } from "node:fs";

/** VmRSS of a process, in MB (Linux). */
export function rssMB(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]) / 1024;
}

/** Samples `pid` every `everyMs` until stopped; returns the samples in MB. */
export function sampleRss(pid: number, everyMs = 1000): { stop(): number[] } {
  const samples = [rssMB(pid)];
  const timer = setInterval(() => samples.push(rssMB(pid)), everyMs);
  return {
    stop() {
      clearInterval(timer);
      samples.push(rssMB(pid));
      return samples;
    },
  };
}

export interface Flatness {
  startMB: number;
  endMB: number;
  maxMB: number;
  /** Medians of the first and the last third of the samples after warm-up. */
  firstThirdMB: number;
  lastThirdMB: number;
  /** lastThird / firstThird - 1. */
  growth: number;
  flat: boolean;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Memory is flat when, after a warm-up, the median of the last third of the
 * samples is at most `maxGrowth` above the median of the first third.
 * - The warm-up (the first quarter) is left out: the server's caches fill
 *   then by design (record items, up to 5,000; ETags, one per file served;
 *   small files, up to 16 MB; the list index; the match sets of the last 16
 *   searches).
 * - Medians, because the garbage collector makes RSS a sawtooth: one sample
 *   taken just before a collection must not decide.
 * - Thirds, because a leak grows with requests served, and the load is steady:
 *   it shows as a gap between the first and the last third that grows with the
 *   run, while a cache that has filled shows none. 20 % leaves room for the
 *   heap to settle at a larger size once, which V8 does, and not for a steady climb.
 * - A larger gap still passes when the last third stays below the peak the
 *   first half of the run already reached: a leak keeps setting new peaks,
 *   while a heap that V8 lets grow after a collection settles at a size it had
 *   already held (one CI run: medians 158 → 248 MB, under a 271 MB peak).
 */
export function flatness(samples: number[], maxGrowth = 0.2): Flatness {
  const steady = samples.slice(Math.ceil(samples.length / 4));
  const third = Math.max(1, Math.floor(steady.length / 3));
  const firstThirdMB = median(steady.slice(0, third));
  const lastThirdMB = median(steady.slice(-third));
  const growth = lastThirdMB / firstThirdMB - 1;
  const earlierPeakMB = Math.max(...samples.slice(0, Math.ceil(samples.length / 2)));
  const flat = growth <= maxGrowth || lastThirdMB <= earlierPeakMB;
  return { startMB: samples[0]!, endMB: samples.at(-1)!, maxMB: Math.max(...samples), firstThirdMB, lastThirdMB, growth, flat };
}
