import { describe, expect, it } from "vitest";
import { manufacturerSlug, manufacturersOf } from "./manufacturers.ts";
import type { DeviceRecord } from "../schema/record.ts";

describe("manufacturerSlug", () => {
  it.each([
    ["Google", "google"],
    ["HMD Global", "hmd-global"],
    ["Sony Mobile (Xperia)", "sony-mobile-xperia"],
    ["  Électronique  Zoë ", "electronique-zoe"],
    ["ＡＳＵＳ", "asus"],
  ])("%s → %s", (name, slug) => expect(manufacturerSlug(name)).toBe(slug));

  it("gives a stable ASCII slug to a name with no Latin letters or digits", () => {
    const slug = manufacturerSlug("華為");
    expect(slug).toMatch(/^maker-[0-9a-f]{8}$/);
    expect(manufacturerSlug("華為")).toBe(slug);
    expect(manufacturerSlug("小米")).not.toBe(slug);
  });
});

describe("manufacturersOf", () => {
  it("groups published records by manufacturer slug, in slug order", () => {
    const r = (slug: string, manufacturer: string) => ({ slug, manufacturer }) as DeviceRecord;
    const makers = manufacturersOf({ published: [r("a", "Zeta Co"), r("b", "Alpha"), r("c", "Zeta Co")] });
    expect(makers.map((m) => [m.slug, m.name, m.records.map((x) => x.slug)])).toEqual([
      ["alpha", "Alpha", ["b"]],
      ["zeta-co", "Zeta Co", ["a", "c"]],
    ]);
  });
});
