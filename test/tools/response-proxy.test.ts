// Stoplight Prism's validating proxy (test/helpers/validating-proxy.ts) in
// front of the preview while the HTTP suites run: the per-device endpoints
// (test/records/http.test.ts), the exports (test/exports/http.test.ts) and the
// list contract (test/list/contract.ts, over a synthetic catalog). Their own
// tests run here once more, unchanged, through the proxy; then every exchange
// Prism checked against the build's OpenAPI document must be free of
// contract breaches (validating-proxy.ts contractBreaches).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servePreview, setPreviewFront, type Preview } from "../helpers/build.ts";
import { contractBreaches, startValidatingProxy, type ValidatingProxy } from "../helpers/validating-proxy.ts";
import { listContract, type Target } from "../list/contract.ts";
import { synthBuild } from "../list/setup.ts";

const proxies: ValidatingProxy[] = [];
const throughPrism = async (upstream: Preview, dist: string): Promise<Preview> => {
  const proxy = await startValidatingProxy(upstream.url, dist);
  proxies.push(proxy);
  return {
    url: proxy.url,
    close: async () => {
      await proxy.close();
      await upstream.close();
    },
  };
};

setPreviewFront(throughPrism);
await import("../records/http.test.ts");
await import("../exports/http.test.ts");

let list: Target;
let listServer: Preview;
beforeAll(async () => {
  const { dist } = await synthBuild(300, 3);
  listServer = await throughPrism(await servePreview(dist), dist);
  list = { url: listServer.url, dist };
});
afterAll(() => listServer?.close());
describe("the list contract, through Prism", () => listContract(() => list));

describe("Prism's validating proxy", () => {
  it("found no response that breaks the OpenAPI document, and no request it refuses that the server took", () => {
    const exchanges = proxies.reduce((n, p) => n + p.exchanges(), 0);
    console.log(`prism: ${exchanges} exchanges through ${proxies.length} proxies; ${proxies.flatMap((p) => p.findings).length} with a finding`);
    expect(exchanges).toBeGreaterThan(300);
    expect(contractBreaches(proxies.flatMap((p) => p.findings))).toEqual([]);
  });
});
