// The request core shared by the preview server and the Netlify edge
// function: what to answer when no static file can.
import { problemResponse } from "./respond.ts";

export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** The answer for an /api path with no file behind it: always JSON, never an HTML 404. */
export function answerApiMiss(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const device = /^\/api\/v1\/devices\/([^/]+)(\/evidence)?$/.exec(pathname);
  const detail = device
    ? `No published device has the slug "${decodeURIComponent(device[1]!)}". Search with /api/v1/devices?q=...`
    : `No API resource exists at ${pathname}. See /docs for the endpoints.`;
  return problemResponse(request, "not-found", detail);
}
