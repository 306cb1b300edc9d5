// Worker-thread entry: lets a worker run a TypeScript module (through tsx,
// as the main thread does) and posts back what its exported `run` returns.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { run } = await import(workerData.module);
parentPort.postMessage(await run(workerData.input));
