// Run a module's `run(input)` on a worker thread, with a heap of its own. The
// build uses it to render the HTML pages with Eleventy (emit/pages.ts).
// One worker per module, kept for later runs and unref'd so it never keeps
// the process alive.
import { Worker } from "node:worker_threads";

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

const workers = new Map<string, { worker: Worker; pending: Map<number, { resolve(v: unknown): void; reject(e: Error): void }> }>();
let nextId = 0;
/** Room for one Eleventy run of device pages (PAGES_PER_RUN in emit/pages-render.ts) with a wide margin. */
const HEAP_MB = 1024;

function workerFor(moduleUrl: URL) {
  let entry = workers.get(moduleUrl.href);
  if (entry) return entry;
  // A bounded heap makes V8 collect as it goes instead of growing beside the main thread's heap.
  const worker = new Worker(new URL("./boot.mjs", import.meta.url), {
    workerData: { module: moduleUrl.href },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const fail = (err: Error) => {
    workers.delete(moduleUrl.href);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on("message", (m: Reply) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if (m.ok) p?.resolve(m.value);
    else p?.reject(new Error(`in worker ${moduleUrl.pathname}: ${m.error}`));
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`worker for ${moduleUrl.pathname} exited with code ${code}`)));
  entry = { worker, pending };
  workers.set(moduleUrl.href, entry);
  return entry;
}

export function runInWorker<I, O>(moduleUrl: URL, input: I): Promise<O> {
  const { worker, pending } = workerFor(moduleUrl);
  const id = nextId++;
  worker.ref();
  return new Promise<O>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    worker.postMessage({ id, input });
  });
}
