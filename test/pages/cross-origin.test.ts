// A script on another site reading the API in Chromium: the browser sends its
// own preflight for the request fields a cache-aware client adds (Cache-Control
// and Pragma from cache: "no-cache", If-None-Match, Accept-Language, Range),
// and may then read a download's name and size (Content-Disposition,
// Content-Length) and the ETag.
import { createServer, type Server } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTo, servePreview, type Preview } from "../helpers/build.ts";
import { noChromium, launchChromium } from "../helpers/browser.ts";

describe.skipIf(noChromium)("an API call from another origin, in Chromium", () => {
  let preview: Preview;
  let browser: Browser;
  /** Another site on loopback (Chromium lets a page reach loopback only from loopback): a blank page on another port. */
  let elsewhere: Server;
  let elsewhereUrl: string;
  beforeAll(async () => {
    preview = await servePreview((await buildTo()).outDir);
    browser = await launchChromium();
    elsewhere = createServer((_, res) => res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>elsewhere</title>"));
    await new Promise<void>((resolve) => elsewhere.listen(0, "localhost", resolve));
    elsewhereUrl = `http://localhost:${(elsewhere.address() as { port: number }).port}/`;
  });
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
    await new Promise((resolve) => elsewhere?.close(resolve));
  });

  it("passes the preflight of common request fields and reads Content-Disposition, Content-Length and ETag", async () => {
    const page = await browser.newPage();
    await page.goto(elsewhereUrl);
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
