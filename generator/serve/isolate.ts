// The stored files the edge functions read through a same-origin fetch and
// keep for the life of their isolate (an isolate serves one deploy): the
// storage layout, the list's index and record items, the ETag manifest and
// the identifier lookup's layout. No Node built-ins: it runs under Deno.
import { API, STORAGE, type IdentifierLayout, type Layout } from "../contract/resources.ts";
import type { EtagManifest } from "../derive/etags.ts";
import { parseListIndex } from "../derive/list-index.ts";
import type { ListSource, Stores } from "./answers/asked.ts";
import { itemReader } from "./answers/list.ts";

export interface EdgeOptions {
  /** A same-origin fetch, for the stored files an isolate keeps between requests (list index, record files, ETag manifest). */
  fetch(url: URL): Promise<Response>;
}

/** Per isolate (an isolate serves one deploy): the list's index and items, the layouts and the ETag manifest, each read once. */
export function isolateStores(fetch: EdgeOptions["fetch"], origin: string): Stores {
  const text = async (path: string) => {
    const r = await fetch(new URL(path, origin));
    if (!r.ok) throw new Error(`${path} answered ${r.status}`);
    return r.text();
  };
  /** A promise kept once it succeeds; a failure is tried again by the next request. */
  const once = <T>(load: () => Promise<T>) => {
    let kept: Promise<T> | null = null;
    return () => {
      if (!kept) {
        const loading = (kept = load());
        loading.catch(() => kept === loading && (kept = null));
      }
      return kept;
    };
  };
  const layout = once(async () => JSON.parse(await text(STORAGE.layout)) as Layout);
  const list: ListSource = {
    index: once(() => text(STORAGE.listIndex).then(parseListIndex)),
    items: itemReader(async (slug) => text(API.record.file({ device_slug: slug }, await layout()))),
  };
  const manifest = once(async () => JSON.parse(await text(STORAGE.etagManifest)) as EtagManifest);
  const identifierLayout = once(async () => JSON.parse(await text(STORAGE.identifierLayout)) as IdentifierLayout);
  return { origin, list, manifest, layout, identifierLayout };
}
