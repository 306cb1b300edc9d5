// The shields.io endpoint (/api/v1/shields/<slug>) as shields reads it: every
// answer holds shields' endpoint schema, written here from shields'
// documentation (https://shields.io/badges/endpoint-badge), and says word for
// word what the SVG badge and the record's verdict say; renamed, withdrawn and
// unknown slugs answer as the other per-device resources do.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import escapeMarkup from "escape-html";
import { PUBLISHED_FIXTURES, servePreview, type Preview } from "../helpers/build.ts";

/** shields' colours: its named colours, CSS colour names, hex with or without #, rgb(a) and hsl(a). */
const ShieldsColour = z.string().regex(/^(#?([0-9a-f]{3}|[0-9a-f]{6})|[a-z]+|(rgb|rgba|hsl|hsla)\([^)]*\))$/i, "a colour shields reads");

/** shields' endpoint schema (schemaVersion 1): unknown members are refused, as shields' validator does. */
const ShieldsEndpointSchema = z
  .object({
    schemaVersion: z.literal(1),
    label: z.string(),
    message: z.string().min(1),
    color: ShieldsColour.optional(),
    labelColor: ShieldsColour.optional(),
    isError: z.boolean().optional(),
    namedLogo: z.string().optional(),
    logoSvg: z.string().optional(),
    logoColor: ShieldsColour.optional(),
    logoWidth: z.number().positive().optional(),
    style: z.enum(["plastic", "flat", "flat-square", "for-the-badge", "social"]).optional(),
    cacheSeconds: z.number().int().min(300).optional(),
  })
  .strict()
  .refine((b) => !(b.namedLogo && b.logoSvg), "namedLogo and logoSvg are exclusive");

let preview: Preview;
beforeAll(async () => {
  preview = await servePreview(inject("fixtureDist"));
});
afterAll(() => preview?.close());

const get = (path: string, init?: RequestInit) => fetch(`${preview.url}${path}`, { redirect: "manual", ...init });

describe("/api/v1/shields/<slug>", () => {
  it("answers every published device with shields' endpoint JSON saying what its badge and its verdict say", async () => {
    for (const slug of PUBLISHED_FIXTURES) {
      const res = await get(`/api/v1/shields/${slug}`);
      expect(res.status, slug).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const body = ShieldsEndpointSchema.parse(await res.json());
      expect(body.isError).toBeUndefined();
      const record = await (await get(`/api/v1/devices/${slug}`)).json();
      expect(body.message, slug).toBe(record.verdict.headline);
      const svg = await (await get(`/api/v1/badge/${slug}`)).text();
      expect(svg).toContain(`aria-label="${escapeMarkup(`${body.label}: ${body.message}`)}"`);
      expect(svg).toContain(`fill="#${body.color}"`);
      expect(svg).toContain(`fill="#${body.labelColor}"`);
      // shields caches it no longer than the API's own answer lives.
      expect(body.cacheSeconds).toBe(Number(/max-age=(\d+)/.exec(res.headers.get("cache-control")!)![1]));
    }
  });

  it("revalidates with its ETag and answers HEAD", async () => {
    const res = await get("/api/v1/shields/alpha-phone");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect((await get("/api/v1/shields/alpha-phone", { headers: { "If-None-Match": etag } })).status).toBe(304);
    const head = await get("/api/v1/shields/alpha-phone", { method: "HEAD" });
    expect([head.status, head.headers.get("etag"), await head.text()]).toEqual([200, etag, ""]);
  });

  it("a former slug moves (301), a withdrawn record is gone (410), an unknown one is not found (404), each with an error badge", async () => {
    const moved = await get("/api/v1/shields/epsilon-book");
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/api/v1/shields/epsilon-laptop"]);
    const gone = await get("/api/v1/shields/eta-phone");
    expect(gone.status).toBe(410);
    expect(ShieldsEndpointSchema.parse(await gone.json())).toMatchObject({ message: "record withdrawn", isError: true });
    const unknown = await get("/api/v1/shields/no-such-device");
    expect(unknown.status).toBe(404);
    expect(ShieldsEndpointSchema.parse(await unknown.json())).toMatchObject({ message: "unknown device", isError: true });
    expect((await get("/api/v1/shields/Not_A_Slug")).status).toBe(404);
  });
});
