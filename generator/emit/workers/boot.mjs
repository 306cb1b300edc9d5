// Worker-thread entry: lets a worker run a TypeScript module (through tsx,
// as the main thread does) and answers each { id, input } message with what
// the module's exported `run` returns. The worker stays up between runs, so
// watch-mode rebuilds skip the start-up (tsx, Eleventy's import).
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { run } = await import(workerData.module);
parentPort.on("message", async ({ id, input }) => {
  try {
    parentPort.postMessage({ id, ok: true, value: await run(input) });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: err instanceof Error ? `${err.stack ?? err.message}` : String(err) });
  }
});
