// Helpers every measurement shares: running a measurement in a fresh child
// process, measuring a region of work inside one, and the synthetic catalogs.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
/** The pinned as-of day, so every run builds the same output. */
export const NOW = "2026-09-10";
export const SEED = 1;

/** True when `file` (a module's import.meta.filename) is the script node was started with. */
export const isMain = (file: string) => path.resolve(process.argv[1] ?? "") === file;

/** Start a TypeScript script in a fresh node process (tsx loader, no extra tsx wrapper process). */
export function spawnTs(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * Run a script to completion (killed after timeoutMs) and return the JSON object
 * on the last JSON line of its stdout, its whole stdout, and the spawn-to-exit time.
 */
export function runChild<T = unknown>(
  script: string,
  args: string[],
  opts: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<{ json: T | undefined; stdout: string; processMs: number }> {
  // Flush dirty pages first, so one measurement's disk writeback does not land on the next.
  execFileSync("sync");
  const t0 = performance.now();
  const child = spawnTs(script, args, opts.env);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 45 * 60_000);
  return new Promise((resolve, reject) => {
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      const processMs = performance.now() - t0;
      if (code !== 0) return reject(new Error(`${path.relative(ROOT, script)} ${args.join(" ")} exited ${code ?? signal}\n${stderr}`));
      // The last line that is JSON: the child's other output (Eleventy's summary lines) goes around it.
      let json: T | undefined;
      for (const line of stdout.trim().split("\n").reverse()) {
        try {
          json = JSON.parse(line) as T;
          break;
        } catch {
          // not the result line
        }
      }
      resolve({ json, stdout, processMs });
    });
  });
}

export interface Usage {
  wallMs: number;
  /** user + system CPU time of the whole process (all threads) during the region. */
  cpuMs: number;
  /** Peak resident set size of the process so far (its lifetime, imports included). */
  peakRssMB: number;
  /** The machine's 1-minute load average as the region started: other work on the 2 cores skews the figures. */
  load1m: number;
  /** With --repeat: the wall time of every run; the figures above are the fastest run's, but for peak RSS, the highest of all runs. */
  runsMs?: number[];
}

/** Measure a region of work inside a child: wall, CPU and the process's peak RSS. */
export async function measured<T>(work: () => Promise<T> | T): Promise<{ usage: Usage; value: T }> {
  const load1m = round(os.loadavg()[0]!, 2);
  const before = process.resourceUsage();
  const t0 = performance.now();
  const value = await work();
  const wallMs = performance.now() - t0;
  const after = process.resourceUsage();
  const cpuMs = (after.userCPUTime + after.systemCPUTime - before.userCPUTime - before.systemCPUTime) / 1000;
  return { usage: { wallMs: round(wallMs), cpuMs: round(cpuMs), peakRssMB: round(after.maxRSS / 1024), load1m }, value };
}

/** Write a deterministic synthetic catalog of `count` records into dir/devices/. */
export async function synthCatalog(count: number, dir: string): Promise<void> {
  await runChild(path.join(ROOT, "generator/cli/synth.ts"), ["--count", String(count), "--out", dir, "--seed", String(SEED)]);
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === "object" && addr ? addr.port : 0));
    });
  });
}

/**
 * Keep a long-running child's output drained; the returned function tells,
 * once it has exited, how (with the tail of its stderr), and undefined while it runs.
 */
export function exitOf(child: ChildProcess): () => string | undefined {
  let tail = "";
  child.stdout?.resume();
  child.stderr?.on("data", (d) => (tail = (tail + d).slice(-2000)));
  return () => (child.exitCode !== null || child.signalCode !== null ? `exited ${child.exitCode ?? child.signalCode}: ${tail.trim()}` : undefined);
}

/** Resolve once `url` answers with a status below 500 (the server is up); throw if `exited` says the server died, or after timeoutMs. */
export async function waitForHttp(url: string, exited: () => string | undefined, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const dead = exited();
    if (dead) throw new Error(`server for ${url} ${dead}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stop a child we started (its own pid only) and wait for it to exit. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The value at quantile q (0 to 1) of some numbers (the nearest rank; 0 for none). */
export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
}
