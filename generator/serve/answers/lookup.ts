// The identifier lookup, GET /api/v1/identifiers/<identifier>: the answer of
// the identifier's key (case and separators ignored), else of its family's
// ("SM-A525F/DS" → SMA525F), else a 404 problem. The identifier is the rest
// of the path, percent-encoded or not, so a code with a "/" needs no
// encoding. A key's answer is rebuilt from its bucket (derive/identifiers.ts)
// and hashed as it passes, as a stored file of its size would be.
import { identifierKeys } from "../../contract/identifiers.ts";
import { API, STORAGE, identifierBucketOf } from "../../contract/resources.ts";
import { resourceHeaders } from "../../contract/headers.ts";
import { jsonText } from "../../contract/json-text.ts";
import { etagOf } from "../../derive/etags.ts";
import { identifierFromBucket } from "../../derive/identifiers.ts";
import { finish, problemResponse } from "../respond.ts";
import { readStored, type Asked } from "./asked.ts";

export async function lookupAnswer({ request, context, stores, params }: Asked): Promise<Response> {
  const written = params.identifier!;
  const keys = identifierKeys(written);
  if (keys.length) {
    const layout = await stores.identifierLayout();
    for (const key of keys) {
      const stored = await readStored(context, request, STORAGE.identifierBucket(identifierBucketOf(key, layout)));
      if (stored.status !== 200) {
        await stored.body?.cancel();
        continue;
      }
      const found = identifierFromBucket(await stored.text(), key);
      if (!found) continue;
      const bytes = new TextEncoder().encode(jsonText(found));
      return finish(request, {
        status: 200,
        headers: resourceHeaders("identifier", { identifier: key }),
        body: bytes,
        etag: await etagOf(bytes),
        ranges: true,
      });
    }
  }
  const shown = written.length > 60 ? `${written.slice(0, 60)}...` : written;
  const compared = keys.length ? ` (compared as ${keys.join(", then its family ")})` : ", which has no letters or digits";
  return problemResponse(
    request,
    "not-found",
    `No published device carries the identifier "${shown}"${compared}. Search names and codes with ${API.list.path}?q=...`,
  );
}
