// The shields.io endpoint files: /api/v1/shields/<slug>, stored as
// <slug>.json, the device's badge (derive/badges.ts) in shields' endpoint
// JSON (the withdrawn record's 410 body is edge-files.ts').
import { shieldsEndpointOf } from "../derive/badges.ts";
import { recordBadge } from "./badge.ts";
import { API } from "../contract/resources.ts";
import { devicesToWrite, type Emitter } from "./context.ts";

export const shields: Emitter = {
  name: "shields",
  emit(ctx) {
    const { site, out } = ctx;
    for (const r of devicesToWrite(ctx)) out.json(API.shields.file({ device_slug: r.slug }, ctx.layout), shieldsEndpointOf(recordBadge(r, site.now)));
  },
};
