// The human pages, rendered by Eleventy on a worker thread so that the
// rendering overlaps with the API emitters on the main thread.
import { runInWorker } from "../workers/run.ts";
import type { Emitter } from "./context.ts";
import type { PagesInput } from "./pages-render.ts";

export const pages: Emitter = {
  name: "eleventy",
  async emit({ catalog, site, out, layout, only }) {
    const input: PagesInput = { catalog, site, outRoot: out.root, layout, only: only && [...only] };
    const { files, bytes } = await runInWorker<PagesInput, { files: number; bytes: number }>(new URL("./pages-render.ts", import.meta.url), input);
    out.files += files;
    out.bytes += bytes;
  },
};
