// What an answer of the edge function is given (serve/core.ts picks the
// answer by the resource table's `answered`): the request, the resource it
// names with its parameters, Netlify's context (the CDN, for stored files and
// redirect rules), and the stored files its isolate keeps between requests.
// No Node built-ins: it runs under Deno on Netlify's edge.
import type { ApiResourceName, IdentifierLayout, Layout } from "../../contract/resources.ts";
import type { ListIndex } from "../../derive/list-index.ts";
import type { EtagManifest } from "../../derive/etags.ts";

/** The part of Netlify's Context the core uses (no dependency on @netlify/edge-functions). */
export interface EdgeContext {
  /** The request answered by the CDN alone: its redirect rules and static files, no edge function. */
  next(request: Request): Promise<Response>;
}

/** Where the list's answers get the index and the item texts. */
export interface ListSource {
  index(): Promise<ListIndex>;
  /** Standalone item texts of these slugs, in the same order. */
  items(slugs: string[]): Promise<string[]>;
}

/** The stored files an isolate keeps between requests, each read once (serve/isolate.ts). */
export interface Stores {
  /** The origin they were read from: an isolate serves one deploy. */
  origin: string;
  list: ListSource;
  layout(): Promise<Layout>;
  manifest(): Promise<EtagManifest>;
  identifierLayout(): Promise<IdentifierLayout>;
}

/** A request to the edge function, resolved against the resource table. */
export interface Asked {
  request: Request;
  context: EdgeContext;
  stores: Stores;
  name: ApiResourceName;
  /** As they appear in the path, still percent-encoded; a lookup's, decoded. */
  params: Record<string, string>;
}

/** A stored file, by a plain GET for the file itself (never a rewrite, whose miss might not be a 404): 200 with its bytes, or anything else when it is not there. */
export const readStored = (context: EdgeContext, request: Request, file: string) => context.next(new Request(new URL(file, request.url)));
