// The sharing images (derive/sharing.ts says what they say), laid out by
// satori into SVG with the text as paths, then rasterised to PNG by resvg:
// social sites take no SVG. One for the site and one per manufacturer; a
// device page shares its manufacturer's (one image per device would cost a
// rasterisation per record on every build).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { PAGES } from "../contract/resources.ts";
import { manufacturersOf } from "../derive/manufacturers.ts";
import { manufacturerCard, SHARE_IMAGE, siteCard, type ShareCard } from "../derive/sharing.ts";
import type { Emitter } from "./context.ts";

const require = createRequire(import.meta.url);
/** Inter, regular and bold, Latin and Latin Extended (satori reads WOFF, not WOFF2). */
const FONTS = ([400, 700] as const).flatMap((weight) =>
  ["latin", "latin-ext"].map((subset) => ({
    name: "Inter",
    weight,
    style: "normal" as const,
    data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
  })),
);

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node[] | string } };
const box = (style: Record<string, unknown>, children: Node[] | string): Node => ({ type: "div", props: { style, children } });

/** The card: the site's colours, the title large, the timeline's colours as a band along the bottom. */
function layout(card: ShareCard): Node {
  const band = ["#1d6b4f", "#3f8f6e", "#c98a1b", "#9b2c2c"].map((color) => box({ flexGrow: 1, height: 18, backgroundColor: color }, []));
  return box({ width: "100%", height: "100%", display: "flex", flexDirection: "column", backgroundColor: "#f7f6f2", color: "#1b1b1b", fontFamily: "Inter" }, [
    box({ display: "flex", flexDirection: "column", flexGrow: 1, padding: "72px 80px 48px" }, [
      box({ fontSize: 30, fontWeight: 700, color: "#1d6b4f", marginBottom: 28 }, "Device Lifecycle Records"),
      // A long name wraps, breaking inside a word if it must, and is cut at three lines.
      box(
        {
          fontSize: card.title.length > 28 ? 60 : 76,
          fontWeight: 700,
          lineHeight: 1.1,
          marginBottom: 28,
          wordBreak: "break-word",
          maxHeight: 200,
          overflow: "hidden",
        },
        card.title,
      ),
      box({ fontSize: 36, lineHeight: 1.3, color: "#3b3b3b" }, card.subtitle),
      box({ marginTop: "auto", fontSize: 26, color: "#555" }, card.footer),
    ]),
    box({ display: "flex", width: "100%" }, band),
  ]);
}

/** Images drawn in this process, by what they say: a watch-mode rebuild (npm start) draws only a card whose words changed (about 0.1 s of CPU each). */
const drawn = new Map<string, Promise<Uint8Array>>();

export function sharePng(card: ShareCard): Promise<Uint8Array> {
  const key = JSON.stringify(card);
  let png = drawn.get(key);
  if (!png) {
    png = satori(layout(card) as Parameters<typeof satori>[0], { ...SHARE_IMAGE, fonts: FONTS }).then((svg) =>
      new Resvg(svg, { fitTo: { mode: "original" } }).render().asPng(),
    );
    drawn.set(key, png);
    png.catch(() => drawn.delete(key));
  }
  return png;
}

export const shareImages: Emitter = {
  name: "share-images",
  async emit({ catalog, out }) {
    out.write(PAGES.siteImage.file({}), await sharePng(siteCard(catalog)));
    for (const m of manufacturersOf(catalog)) {
      out.write(PAGES.manufacturerImage.file({ manufacturer: m.slug }), await sharePng(manufacturerCard(m.name, m.records.length)));
    }
  },
};
