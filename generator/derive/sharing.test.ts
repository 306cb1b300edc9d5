// The sharing images' words: counts in words, a manufacturer's name as given.
import { describe, expect, it } from "vitest";
import { manufacturerCard } from "./sharing.ts";

describe("manufacturerCard", () => {
  it.each([
    ["Example Maker", 1, "1 device record · Device Lifecycle Records"],
    ["Samsung", 12345, "12,345 device records · Device Lifecycle Records"],
  ])("%s with %i devices", (name, n, footer) => {
    const card = manufacturerCard(name, n);
    expect(card.title).toBe(`${name} devices`);
    expect(card.footer).toBe(footer);
    expect(card.alt).toContain(name);
  });
});
