// A script on another site reading the API in Chromium: the browser sends its
// own preflight for the request fields a cache-aware client adds (Cache-Control
// and Pragma from cache: "no-cache", If-None-Match, Accept-Language, Range),
// and may then read a download's name and size (Content-Disposition,
// Content-Length) and the ETag.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { servePreview, type Preview } from "../helpers/build.ts";
import { hasChromium, launchChromium } from "../helpers/browser.ts";

/** Another origin: a blank page the test serves itself through a route (nothing listens on the port). */
const ELSEWHERE = "http://localhost:9139/";

describe.skipIf(!hasChromium && !process.env.CI)("an API call from another origin, in Chromium", () => {
  let preview: Preview;
  let browser: Browser;
  beforeAll(async () => {
    preview = await servePreview(inject("fixtureDist"));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
  });

  it("passes the preflight of common request fields and reads Content-Disposition, Content-Length and ETag", async () => {
    const page = await browser.newPage();
    await page.route(ELSEWHERE, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>elsewhere</title>" }));
    await page.goto(ELSEWHERE);
    const got = await page.evaluate(async (api) => {
      const first = await fetch(`${api}/api/v1/dataset.sqlite`, {
        cache: "no-cache",
        headers: { "Cache-Control": "no-cache", Pragma: "no-cache", "Accept-Language": "fr-CH, fr;q=0.9", "If-None-Match": '"not-this-one"' },
      });
      await first.arrayBuffer();
      const etag = first.headers.get("ETag");
      const again = await fetch(`${api}/api/v1/dataset.sqlite`, { cache: "no-store", headers: { "If-None-Match": etag ?? "" } });
      const part = await fetch(`${api}/api/v1/devices.ndjson`, { cache: "no-store", headers: { Range: "bytes=0-9" } });
      return {
        status: first.status,
        disposition: first.headers.get("Content-Disposition"),
        length: first.headers.get("Content-Length"),
        etag,
        againStatus: again.status,
        partStatus: part.status,
        partRange: part.headers.get("Content-Range"),
        partText: await part.text(),
      };
    }, preview.url);
    expect(got).toMatchObject({
      status: 200,
      disposition: 'attachment; filename="device-lifecycle-dataset.sqlite"',
      length: expect.stringMatching(/^\d+$/),
      etag: expect.stringMatching(/^"[0-9a-f]{40}"$/),
      againStatus: 304,
      partStatus: 206,
      partRange: expect.stringMatching(/^bytes 0-9\/\d+$/),
      partText: '{"slug":"a',
    });
    // Cache-Control, Pragma and If-None-Match are not CORS-safelisted: had the preflight refused them, fetch would have thrown.
    await page.close();
  });
});
