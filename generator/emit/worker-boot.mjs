// A worker thread's entry: lets it run a TypeScript module through tsx, as
// the main thread does (under vitest too, which loads TypeScript its own way).
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.module);
