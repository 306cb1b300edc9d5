// Large downloads as a download manager or a resuming client uses them: the
// CSV and the calendars state their length (GET and HEAD) and answer a byte
// range with 206 (416 past the end), as Netlify's CDN answers any stored
// file, whether the file streams through with its build-time ETag (the list
// build's whole-catalog CSV) or is read whole (a calendar, a year's CSV).
import { beforeEach, describe, expect, it } from "vitest";
import type { HttpTarget } from "../helpers/targets.ts";
import { headLength, streamedLength } from "./netlify-dev.ts";

/** Stored files our code serves, by the target that holds them large enough to stream (list) or small (fixture). */
const DOWNLOADS = [
  ["list", "/api/v1/dataset"],
  ["fixture", "/api/v1/dataset"],
  ["fixture", "/api/v1/dataset/2029.csv"],
  ["fixture", "/support-calendar.ics"],
  ["fixture", "/api/v1/calendar/alpha-phone.ics"],
  ["fixture", "/api/v1/calendar/manufacturers/example-maker.ics"],
  ["fixture", "/feed.xml"],
  // What the CDN serves alone: a page, an asset.
  ["fixture", "/devices/alpha-phone"],
] as const;

export function rangesSuite(target: () => HttpTarget, large: () => HttpTarget) {
  const pick = (which: "list" | "fixture") => (which === "list" ? large() : target());

  for (const [which, p] of DOWNLOADS) {
    // What the CDN serves alone is not asked of netlify dev's static server, which is not the CDN (docs/API.md#netlify-and-netlify-dev); our code's answers are asked there too.
    const cdnAlone = !p.startsWith("/api/") && !p.endsWith(".ics") && !p.endsWith(".xml");
    describe(`${p} (${which} build)`, () => {
      if (cdnAlone) beforeEach((ctx) => void (target().name === "netlify" && ctx.skip()));
      it("states its length on GET and HEAD, and that it takes byte ranges", async () => {
        const get = await pick(which).fetch(p);
        const body = new Uint8Array(await get.arrayBuffer());
        expect(get.status).toBe(200);
        expect(get.headers.get("content-length")).toBe(which === "list" ? streamedLength(pick(which), body.byteLength) : String(body.byteLength));
        expect(get.headers.get("accept-ranges")).toBe("bytes");
        const head = await pick(which).fetch(p, { method: "HEAD" });
        expect(head.headers.get("content-length")).toBe(headLength(pick(which), body.byteLength));
        expect(head.headers.get("accept-ranges")).toBe("bytes");
        expect(await head.text()).toBe("");
      });

      it("answers a range with 206 and those bytes, a suffix, an open end, and 416 past the end", async () => {
        const whole = Buffer.from(await (await pick(which).fetch(p)).arrayBuffer());
        const n = whole.byteLength;
        const etag = (await pick(which).fetch(p, { method: "HEAD" })).headers.get("etag")!;
        for (const [range, start, end] of [
          ["bytes=0-99", 0, 99],
          ["bytes=100-", 100, n - 1],
          ["bytes=-50", n - 50, n - 1],
          [`bytes=${n - 10}-${n + 1000}`, n - 10, n - 1],
        ] as const) {
          const res = await pick(which).fetch(p, { headers: { Range: range } });
          expect(res.status, range).toBe(206);
          expect(res.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${n}`);
          expect(res.headers.get("content-length"), range).toBe(which === "list" ? streamedLength(pick(which), end - start + 1) : String(end - start + 1));
          expect(res.headers.get("etag"), range).toBe(etag);
          // Compared as buffers: a deep equality of 780 KB element by element would take seconds.
          expect(Buffer.from(await res.arrayBuffer()).equals(whole.subarray(start, end + 1)), range).toBe(true);
        }
        const past = await pick(which).fetch(p, { headers: { Range: `bytes=${n}-` } });
        expect(past.status).toBe(416);
        expect(past.headers.get("content-range")).toBe(`bytes */${n}`);
        await past.body?.cancel();
        // A resume against another version gets the whole file; several ranges, or a malformed one, are answered whole.
        for (const headers of [
          { Range: "bytes=0-9", "If-Range": '"not-this-version"' },
          { Range: "bytes=0-9,20-29" },
          { Range: "bytes=9-0" },
          { Range: "lines=1-2" },
        ] as Record<string, string>[]) {
          const res = await pick(which).fetch(p, { headers });
          expect(res.status, JSON.stringify(headers)).toBe(200);
          expect((await res.arrayBuffer()).byteLength).toBe(n);
        }
        const resumed = await pick(which).fetch(p, { headers: { Range: "bytes=10-19", "If-Range": etag } });
        expect(resumed.status).toBe(206);
        await resumed.body?.cancel();
        // A matching If-None-Match still comes first.
        expect((await pick(which).fetch(p, { headers: { Range: "bytes=0-9", "If-None-Match": etag } })).status).toBe(304);
      });
    });
  }
}
