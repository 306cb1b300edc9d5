import type { Cache } from "./index.js";

/** An ETag cache in `dir` (created on first write): two files per URL, written atomically. */
export declare function diskCache(dir: string): Cache;
