// The list's answers: GET /api/v1/devices (and the deprecated /api/devices)
// as the edge function gives them, over the pure engine in derive/list.ts:
// the records read through a ListSource, the problems, the headers. No Node
// built-ins here: it runs under Deno on Netlify's edge. See docs/list.md.
import { problemResponse, textResponse } from "../respond.ts";
import { resourceHeaders } from "../../contract/headers.ts";
import { NO_STORE } from "../../contract/media.ts";
import type { ListIndex } from "../../derive/list-index.ts";
import { API } from "../../contract/resources.ts";
import { readStored, type Asked, type ListSource } from "./asked.ts";
import {
  itemFromDocument,
  legacyText,
  nextQuery,
  pageMeta,
  pageResult,
  pageText,
  parseListRequest,
  isStaticCandidate,
  staticPagePath,
  type ListProblem,
  type ListRequest,
  type PageResult,
} from "../../derive/list.ts";

/**
 * Item texts by slug, read through `read` (a record file, cut by itemFromDocument)
 * and kept for the most recently used `max` slugs, so the pages of a walk or
 * a popular search do not read the same files again. One cache per build.
 */
export function itemReader(read: (slug: string) => Promise<string>, max = 5000): (slugs: string[]) => Promise<string[]> {
  const kept = new Map<string, Promise<string>>();
  const one = (slug: string) => {
    let item = kept.get(slug);
    if (item) kept.delete(slug);
    else {
      const loading = read(slug).then(itemFromDocument);
      loading.catch(() => kept.get(slug) === loading && kept.delete(slug)); // a failed read is tried again next time
      item = loading;
    }
    kept.set(slug, item);
    if (kept.size > max) kept.delete(kept.keys().next().value!);
    return item;
  };
  return (slugs) => Promise.all(slugs.map(one));
}

export function listProblemResponse(request: Request, p: ListProblem): Promise<Response> {
  return problemResponse(request, p.code, p.detail, { members: p.members });
}

/** Computes a list answer (v1 or legacy). Never throws: a missing index or record file answers 503. */
export async function answerList(request: Request, req: ListRequest, source: ListSource): Promise<Response> {
  let index: ListIndex;
  let items: string[];
  let result: PageResult;
  try {
    index = await source.index();
    result = pageResult(index, req);
    items = await source.items(result.page.keys.map((k) => k.slug));
  } catch (err) {
    return problemResponse(request, "unavailable", `The list could not be computed (${err instanceof Error ? err.message : String(err)}). Try again shortly.`, {
      headers: { "Retry-After": "10", "Cache-Control": NO_STORE },
    });
  }
  if (!req.legacy) return textResponse(request, pageText(items, pageMeta(index.header, req, result, items)), 200, resourceHeaders("list", {}));
  const headers = resourceHeaders("legacyList", {});
  if (result.nextCursor) headers.Link += `, <${API.legacyList.path}${nextQuery(req, result.nextCursor)}>; rel="next"`;
  return textResponse(request, legacyText(items), 200, headers);
}

/**
 * Parses and answers a list request in one step: the edge function's entry
 * point. A static candidate is answered from its page file when the build
 * wrote one (the cursor is a page boundary of this build), else computed.
 */
export async function handleList(
  request: Request,
  source: ListSource,
  /** The text of a stored page file, or null when there is none. */
  readPage: (file: string) => Promise<string | null>,
): Promise<Response> {
  const parsed = parseListRequest(new URL(request.url));
  if (!parsed.ok) return listProblemResponse(request, parsed);
  if (isStaticCandidate(parsed.req)) {
    const page = await readPage(staticPagePath(parsed.req));
    if (page !== null) return textResponse(request, page, 200, resourceHeaders("list", {}));
  }
  return answerList(request, parsed.req, source);
}

/** The edge function's list answer: its stored pages read through the CDN, everything else computed over the isolate's index. */
export function listAnswer({ request, context, stores }: Asked): Promise<Response> {
  return handleList(request, stores.list, async (file) => {
    const page = await readStored(context, request, file);
    if (page.status === 200) return page.text();
    await page.body?.cancel();
    return null;
  });
}
