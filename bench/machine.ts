// Measurement 7: the machine the figures were taken on.
import { readFileSync } from "node:fs";
import os from "node:os";

export interface Machine {
  cpu: string;
  cores: number;
  memoryGB: number;
  node: string;
  os: string;
  date: string;
  /** 1, 5 and 15 minute load averages when the run started and ended: other work on the machine skews every figure. */
  loadAverage: { start: number[]; end?: number[] };
}

export const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

export function machine(): Machine {
  let cpu = os.cpus()[0]?.model ?? "unknown";
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? cpu;
  } catch {
    // not Linux: keep os.cpus()
  }
  return {
    cpu,
    cores: os.availableParallelism(),
    memoryGB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
    loadAverage: { start: loadAverage() },
  };
}
