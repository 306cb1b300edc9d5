// The files of contract/resources.ts STORAGE that hold no family of their
// own, written by this one emitter: the layout the edge function reads, the
// bodies it (or Netlify's rate limiter) answers with for a miss, a withdrawn
// record or a refused request, and the fixed badge and shields answers. The
// storage files of a family are written beside it: the list's index and pages
// (list-pages.ts), the identifier buckets and their layout (identifiers.ts),
// the 404 and 405 pages (pages.ts), the ETag manifest (build.ts, last, once
// every file is written).
import { problem } from "../contract/problems.ts";
import { rateLimitedDetail } from "../contract/rate-limit.ts";
import { API, STORAGE, pathOf } from "../contract/resources.ts";
import { RATE_LIMITED_BADGE, shieldsEndpointOf, WITHDRAWN_BADGE } from "../derive/badges.ts";
import { badgeSvg } from "./badge.ts";
import type { Emitter } from "./context.ts";

export const edgeFiles: Emitter = {
  name: "edge-files",
  emit({ catalog, out, layout }) {
    out.json(STORAGE.layout, layout);
    out.json(STORAGE.notFoundProblem, problem("not-found", "No published resource exists at this path. See /docs for the endpoints."));
    // The body Netlify's rate limiter rewrites to (derive/routes.ts answers it with 429).
    out.json(STORAGE.rateLimitedProblem, problem("rate-limited", rateLimitedDetail(null)));
    for (const r of catalog.withdrawn) {
      if (r.publication.state !== "withdrawn") continue;
      out.json(
        STORAGE.goneProblem(r.slug),
        problem("gone", `The record "${r.slug}" was withdrawn on ${r.publication.withdrawnOn}: ${r.publication.reason}`, {
          instance: pathOf(API.record, { device_slug: r.slug }),
          slug: r.slug,
          reason: r.publication.reason,
          withdrawnOn: r.publication.withdrawnOn,
          ...(r.publication.replacedBy
            ? { replacedBy: r.publication.replacedBy, replacement: pathOf(API.record, { device_slug: r.publication.replacedBy }) }
            : {}),
        }),
      );
    }
    out.write(STORAGE.withdrawnBadge, badgeSvg(WITHDRAWN_BADGE));
    out.write(STORAGE.rateLimitedBadge, badgeSvg(RATE_LIMITED_BADGE));
    out.json(STORAGE.withdrawnShields, shieldsEndpointOf(WITHDRAWN_BADGE, { error: true }));
  },
};
