// What the load run uses of autocannon beyond bench/autocannon.d.ts (merged with it):
// a list of requests, each with a callback that sees its answer.
declare module "autocannon" {
  interface RequestSpec {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }
  interface Options {
    requests?: RequestSpec[];
  }
}
