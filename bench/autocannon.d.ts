// autocannon ships no types; this is the part of its programmatic API the preview load test uses.
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number };
    throughput: { average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export default function autocannon(opts: Options): Promise<Result>;
}
