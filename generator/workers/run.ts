// Run a module's `run(input)` on another core. The build uses it to render
// the HTML pages with Eleventy while the main thread writes the API files.
import { Worker } from "node:worker_threads";

export function runInWorker<I, O>(moduleUrl: URL, input: I): Promise<O> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./boot.mjs", import.meta.url), { workerData: { module: moduleUrl.href, input } });
    worker.once("message", (result: O) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`worker for ${moduleUrl.pathname} exited with code ${code}`));
    });
  });
}
