// The list's HTTP contract against the preview server, over a synthetic catalog
// of a few hundred records; and every static page equals what the list core
// computes for the same request (the edge function's answer when no file is there).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servePreview, type Preview } from "../helpers/build.ts";
import { fileListSource } from "../../generator/serve/preview.ts";
import { answerList, parseListRequest } from "../../generator/serve/list.ts";
import { STORAGE } from "../../generator/contract/resources.ts";
import { etagOf } from "../../generator/serve/respond.ts";
import { get, listContract, type Target } from "./contract.ts";
import { synthBuild } from "./setup.ts";

let target: Target;
let preview: Preview;
beforeAll(async () => {
  const { dist } = await synthBuild(300, 3);
  preview = await servePreview(dist);
  target = { url: preview.url, dist };
});
afterAll(() => preview?.close());

listContract(() => target);

describe("static pages and the computing core agree", () => {
  it("every static page of the plain walk is byte for byte what the core computes for its URL, with the same ETag", async () => {
    const dir = path.join(target.dist, path.dirname(STORAGE.listPage(null)));
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(5);
    const source = fileListSource(target.dist);
    for (const file of files) {
      const cursor = file === "first.json" ? null : file.replace(/\.json$/, "");
      const url = new URL(`${target.url}/api/v1/devices${cursor ? `?cursor=${cursor}` : ""}`);
      const parsed = parseListRequest(url);
      if (!parsed.ok) throw new Error(`${file}: ${parsed.detail}`);
      const computed = await answerList(new Request(url), parsed.req, source);
      const onDisk = readFileSync(path.join(dir, file), "utf8");
      expect(await computed.text(), file).toBe(onDisk);
      const served = await get(target, url.pathname + url.search);
      expect(await served.text(), file).toBe(onDisk);
      expect(served.headers.get("etag"), file).toBe(await etagOf(onDisk, ".json"));
      expect(computed.headers.get("etag"), file).toBe(served.headers.get("etag"));
    }
  });
});
