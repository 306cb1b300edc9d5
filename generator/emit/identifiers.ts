// The identifier lookup's files: one per identifier key of the published
// records (derive/identifiers.ts), where the resource table puts it under the
// identifiers' own layout (derive/layout.ts: a catalog's codes outnumber its
// devices, so they get their own count of subfolders), and that layout for
// the edge function, which reads the file of the key a request names.
import { API, FLAT, STORAGE } from "../contract/resources.ts";
import { identifierCarriers, identifierDocument } from "../derive/identifiers.ts";
import { chooseLayout } from "../derive/layout.ts";
import type { Emitter } from "./context.ts";

export const identifiers: Emitter = {
  name: "identifiers",
  emit({ catalog, site, out, maxFolderEntries }) {
    const carriers = identifierCarriers(catalog.published);
    const layout = chooseLayout([...carriers.keys()], maxFolderEntries, true);
    // Emptied first, so a rebuild in place (watch mode) leaves no file of a code no record carries any more.
    out.clearDir(API.identifier.file({ identifier: "" }, FLAT).replace(/\/[^/]*$/, ""));
    for (const [key, devices] of carriers) out.json(API.identifier.file({ identifier: key }, layout), identifierDocument(key, devices, site));
    out.json(STORAGE.identifierLayout, layout);
  },
};
