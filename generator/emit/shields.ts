// The shields.io endpoint files: /api/v1/shields/<slug>, stored as
// <slug>.json, the device's badge (derive/badges.ts) in shields' endpoint
// JSON, and the withdrawn record's, its 410 body.
import { shieldsEndpointOf, WITHDRAWN_BADGE } from "../derive/badges.ts";
import { recordBadge } from "./badge.ts";
import { API, STORAGE } from "../contract/resources.ts";
import { devicesToWrite, type Emitter } from "./context.ts";

export const shields: Emitter = {
  name: "shields",
  emit(ctx) {
    const { site, out } = ctx;
    for (const r of devicesToWrite(ctx)) out.json(API.shields.file({ device_slug: r.slug }, ctx.layout), shieldsEndpointOf(recordBadge(r, site.now)));
    out.json(STORAGE.withdrawnShields, shieldsEndpointOf(WITHDRAWN_BADGE, { error: true }));
  },
};
