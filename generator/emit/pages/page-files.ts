// Where the pages are written (the templates' permalinks) and the addresses
// the site serves them at, from the resource table.
import { ERROR_PAGES, PAGES, type Layout } from "../../contract/resources.ts";

/** The files the templates are written to (their permalinks); a device page's also depends on the layout (filesIn). */
export const pageFiles = {
  home: PAGES.home.file({}),
  withdrawal: (slug: string) => PAGES.withdrawal.file({ device_slug: slug }),
  browse: (number: number) => (number === 1 ? PAGES.browse.file({}) : PAGES.browsePage.file({ number: String(number) })),
  browseType: (type: string, number: number) => (number === 1 ? PAGES.browseType.file({ type }) : PAGES.browseTypePage.file({ type, number: String(number) })),
  manufacturers: PAGES.manufacturers.file({}),
  manufacturer: (maker: string, number: number) =>
    number === 1 ? PAGES.manufacturer.file({ manufacturer: maker }) : PAGES.manufacturerPage.file({ manufacturer: maker, number: String(number) }),
  corrections: PAGES.corrections.file({}),
  fleet: PAGES.fleet.file({}),
  correctionsThanks: PAGES.correctionsThanks.file({}),
  docs: PAGES.docs.file({}),
  apiReference: PAGES.apiReference.file({}),
  problemTypes: PAGES.problemTypes.file({}),
  notFound: ERROR_PAGES.notFound,
  methodNotAllowed: ERROR_PAGES.methodNotAllowed,
};

/** Every page's file, the device pages' in the build's layout (the templates' global `files`). */
export const filesIn = (layout: Layout) => ({ ...pageFiles, device: (slug: string) => PAGES.device.file({ device_slug: slug }, layout) });

/** "/docs/api.html" → "/docs/api", "/browse/index.html" → "/browse/": the addresses the site serves. */
export const prettyUrl = (url: string) => url.replace(/index\.html$/, "").replace(/\.html$/, "");
