// The edge's files that follow from no record's content: the storage layout
// the edge function places per-device files by, the bodies it (or Netlify's
// rate limiter, or the CDN at an API path) answers with for a miss, a
// withdrawn record or a refused request, and the fixed badge and shields
// answers. Their words are contract/'s.
import { goneProblem, noResourceDetail, problem } from "../../contract/problems.ts";
import { rateLimitedDetail } from "../../contract/rate-limit.ts";
import { STORAGE } from "../../contract/resources.ts";
import { RATE_LIMITED_BADGE, shieldsEndpointOf, WITHDRAWN_BADGE } from "../../derive/badges.ts";
import { badgeSvg } from "../badge.ts";
import type { EmitContext } from "../context.ts";

export function writeFixed({ catalog, out, layout }: EmitContext): void {
  out.json(STORAGE.layout, layout);
  out.json(STORAGE.notFoundProblem, problem("not-found", noResourceDetail(null)));
  // The body Netlify's rate limiter rewrites to (derive/routes.ts answers it with 429).
  out.json(STORAGE.rateLimitedProblem, problem("rate-limited", rateLimitedDetail(null)));
  for (const r of catalog.withdrawn) {
    if (r.publication.state !== "withdrawn") continue;
    out.json(STORAGE.goneProblem(r.slug), goneProblem({ slug: r.slug, ...r.publication }));
  }
  out.write(STORAGE.withdrawnBadge, badgeSvg(WITHDRAWN_BADGE));
  out.write(STORAGE.rateLimitedBadge, badgeSvg(RATE_LIMITED_BADGE));
  out.json(STORAGE.withdrawnShields, shieldsEndpointOf(WITHDRAWN_BADGE, { error: true }));
}
