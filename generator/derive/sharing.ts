// What the sharing images (Open Graph) say: the site's, and one per
// manufacturer, shown when a page of the site is shared. Words and counts
// only (no day, no verdict), so an image changes when the catalog's shape
// does, not from one day's build to the next.
import type { Catalog } from "./catalog.ts";
import { manufacturersOf } from "./manufacturers.ts";

/** The size social sites show large (1.91:1). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export interface ShareCard {
  title: string;
  subtitle: string;
  footer: string;
  /** The image's text equivalent (og:image:alt). */
  alt: string;
}

const SITE = "Device Lifecycle Records";
const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

export function siteCard(catalog: Catalog): ShareCard {
  const makers = manufacturersOf(catalog).length;
  return {
    title: SITE,
    subtitle: "When phones, tablets, laptops and wearables stop getting OS and security updates",
    footer: `${plural(catalog.published.length, "device")} from ${plural(makers, "manufacturer")}, with sources and dates as precise as they are`,
    alt: `${SITE}: when devices stop getting OS and security updates`,
  };
}

export function manufacturerCard(name: string, devices: number): ShareCard {
  return {
    title: `${name} devices`,
    subtitle: "When each one stops getting OS and security updates, with the evidence",
    footer: `${plural(devices, "device record")} · ${SITE}`,
    alt: `${name} devices on ${SITE}: when they stop getting OS and security updates`,
  };
}
