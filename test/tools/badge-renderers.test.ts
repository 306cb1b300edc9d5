// The badges as three renderers draw them: Chromium (an <img> drawn on a
// canvas, as a page that embeds the badge shows it), resvg and librsvg
// (rsvg-convert, behind many server-side previews and chat unfurls, which
// ignores textLength and falls back to a wider font). In each, every pixel of
// the text must lie inside its half of the badge with background to spare on
// both sides: for every badge of both catalogs and for the longest labels a
// verdict can have.
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { PNG } from "pngjs";
import { XMLParser } from "fast-xml-parser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERDICT_COLOURS, type BadgeSpec } from "../../generator/derive/badges.ts";
import { renderBadge } from "../../generator/emit/badge.ts";
import { noChromium, launchChromium } from "../helpers/browser.ts";
import { builtCatalogs } from "../helpers/catalogs.ts";
import { mapConcurrent } from "../helpers/concurrency.ts";

const hasRsvg = (() => {
  try {
    execFileSync("rsvg-convert", ["--version"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
})();

/**
 * The widest labels the verdict can write (derive/verdict.ts): the longest
 * wording of each verdict with the widest date of each precision, all
 * "unconfirmed".
 */
const LONGEST_LABELS = [
  "security updates only up to 2030-Q4 (quarter), announced, unconfirmed",
  "security updates only at least until 2030-Q4 (quarter), unconfirmed",
  "security updates only at least until 2030-10 (month), unconfirmed",
  "security updates only until 2030-10-30, unconfirmed",
  "security updates only; end varies by region or model, unconfirmed",
  "updates at least until 2030-10 (month), unconfirmed",
  "security updates end 2030-Q4 (quarter), unconfirmed",
  "varies by region or model, unconfirmed",
  "past its last commitment, 2030-Q4 (quarter); current status not documented",
  "no security updates; last update varies by region or model, unconfirmed",
  "no security updates; last update observed 2030-Q4 (quarter), unconfirmed",
  "no security updates; end date not documented, unconfirmed",
  "security updates only continuing; listed on 2030-10-30, unconfirmed",
  "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW, mmmmmmmmmmmmmmmmmmmm",
];

type Pixels = { width: number; height: number; data: Uint8Array | Uint8ClampedArray | number[] };

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" });

/** The two halves as the SVG draws them: where each starts, its width and its background. */
function halves(svg: string): { x: number; width: number; fill: string }[] {
  return [xml.parse(svg).svg.g[0].rect].flat().map((r: Record<string, string>) => ({ x: Number(r.x ?? 0), width: Number(r.width), fill: String(r.fill) }));
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/**
 * Where text was drawn in each half: the columns holding a pixel that is not
 * the half's background (rows clear of the rounded corners). Null when the
 * half holds no text at all.
 */
function textColumns(svg: string, image: Pixels): ({ first: number; last: number } | null)[] {
  return halves(svg).map(({ x, width, fill }) => {
    const [r, g, b] = rgb(fill);
    let first = -1;
    let last = -1;
    for (let col = x; col < x + width; col++) {
      for (let row = 3; row < image.height - 3; row++) {
        const i = (row * image.width + col) * 4;
        const d = Math.abs(image.data[i]! - r!) + Math.abs(image.data[i + 1]! - g!) + Math.abs(image.data[i + 2]! - b!);
        if (d > 48) {
          if (first < 0) first = col;
          last = col;
          break;
        }
      }
    }
    return first < 0 ? null : { first, last };
  });
}

/** At least this many columns of background between the text and each side of its half. */
const MARGIN = 2;

function expectTextInside(svg: string, image: Pixels, where: string) {
  const boxes = halves(svg);
  expect(image.width, `${where}: width`).toBe(boxes[1]!.x + boxes[1]!.width);
  textColumns(svg, image).forEach((cols, i) => {
    const box = boxes[i]!;
    expect(cols, `${where}: half ${i} shows text`).not.toBeNull();
    expect(cols!.first, `${where}: half ${i} text starts inside`).toBeGreaterThanOrEqual(box.x + MARGIN);
    expect(cols!.last, `${where}: half ${i} text ends inside (half ends at ${box.x + box.width})`).toBeLessThan(box.x + box.width - MARGIN);
  });
}

/** One rsvg-convert run: the SVG in, the PNG out. */
const rsvgConvert = (svg: string) =>
  new Promise<Buffer>((resolve, reject) => {
    const child = spawn("rsvg-convert", ["--format=png"]);
    const png: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => png.push(d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(Buffer.concat(png)) : reject(new Error(`rsvg-convert exited ${code}: ${stderr}`))));
    child.stdin.end(svg);
  });

/** rsvg-convert runs under way at once: it draws one SVG per run, and most of a run is starting up. */
const RSVG_RUNS = 4;

/** Each renderer draws a list of badges at their own size (one CSS pixel a pixel). */
const renderers: Record<string, (svgs: string[]) => Promise<Pixels[]>> = {
  resvg: async (svgs) =>
    svgs.map((svg) => {
      const image = new Resvg(svg, { font: { loadSystemFonts: true } }).render();
      return { width: image.width, height: image.height, data: image.pixels };
    }),
  librsvg: (svgs) => mapConcurrent(svgs, RSVG_RUNS, async (svg) => PNG.sync.read(await rsvgConvert(svg))),
};

let browser: Browser | undefined;
let page: Page | undefined;
renderers.chromium = async (svgs) =>
  page!
    .evaluate(async (sources) => {
      const drawn = [];
      for (const source of sources) {
        const img = new Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext("2d")!;
        ctx.drawImage(img, 0, 0);
        // The pixels as base64 text: a plain array of numbers is ten times the bytes to pass back.
        const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        let binary = "";
        for (let i = 0; i < pixels.length; i += 0x8000) binary += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
        drawn.push({ width: canvas.width, height: canvas.height, base64: btoa(binary) });
      }
      return drawn;
    }, svgs)
    .then((drawn) => drawn.map(({ width, height, base64 }) => ({ width, height, data: Buffer.from(base64, "base64") })));

/** Skipped where a renderer is missing, except on CI (.ci/run installs them), where a missing one fails. */
const skip: Record<string, boolean> = { resvg: false, librsvg: !hasRsvg && !process.env.CI, chromium: noChromium };

describe("badges in Chromium, resvg and librsvg", () => {
  const dist = builtCatalogs();
  const badges = new Map<string, string>();
  beforeAll(async () => {
    if (!skip.chromium) page = await (browser = await launchChromium()).newPage();
    for (const [catalog, root] of Object.entries(dist)) {
      const dir = path.join(root, "api/v1/badge");
      for (const file of readdirSync(dir)) badges.set(readFileSync(path.join(dir, file), "utf8"), `${catalog}: ${file}`);
    }
    for (const message of LONGEST_LABELS) {
      const spec: BadgeSpec = { label: "support", message, colour: VERDICT_COLOURS["security-only"] };
      badges.set(await renderBadge(spec), `longest label: ${message}`);
    }
  });
  afterAll(() => browser?.close());

  for (const [name, render] of Object.entries(renderers)) {
    it.skipIf(skip[name]!)(`${name}: the text of every badge, the longest labels too, lies inside its half`, async () => {
      expect(badges.size).toBeGreaterThan(LONGEST_LABELS.length + 5);
      const svgs = [...badges.keys()];
      (await render(svgs)).forEach((image, i) => {
        expectTextInside(svgs[i]!, image, `${name}: ${badges.get(svgs[i]!)}`);
      });
    });
  }
});
