// Test helpers: build a catalog into a fresh temporary folder and serve it
// with the real preview server on a free loopback port.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { build, type BuildReport } from "../../generator/build.ts";
import { startPreview } from "../../generator/serve/preview.ts";

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/catalog");
export const SITE = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example" };

export function tempDir(prefix = "dl-test-"): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Every file under `dir`, as sorted paths relative to it (with "/" separators). */
export function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** Each file's sha256 by its path under `dir`: two trees compared with toEqual name the files that differ. */
export function treeDigests(dir: string): Record<string, string> {
  return Object.fromEntries(
    filesIn(dir).map((f) => [
      f,
      createHash("sha256")
        .update(readFileSync(path.join(dir, f)))
        .digest("hex"),
    ]),
  );
}

export async function buildTo(
  dataDir = FIXTURES,
  now = "2026-11-22",
  outDir = path.join(tempDir(), "dist"),
  origins = SITE,
): Promise<{ outDir: string; report: BuildReport }> {
  const report = await build({ dataDir, outDir, site: { ...origins, now } });
  if (!report.ok) throw new Error(`fixture build failed:\n${report.problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join("\n")}`);
  return { outDir, report };
}

export interface Preview {
  url: string;
  close(): Promise<void>;
  /** Serve the build in the same folder again after a rebuild in place (as npm start does). */
  reload(): Promise<void>;
}

export async function servePreview(dir: string, opts: { rateLimit?: boolean; port?: number } = {}): Promise<Preview> {
  const { server, url, reload } = await startPreview({ dir, port: opts.port ?? 0, rateLimit: opts.rateLimit ?? false });
  return { url, close: () => closeServer(server), reload };
}

/** A loopback port free right now, for builds whose links must point at the preview itself. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const port = (srv.address() as AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The slugs of the fixture catalog's published records, in order. */
export const PUBLISHED_FIXTURES = [
  "alpha-phone",
  "beta-tablet",
  "delta-watch",
  "epsilon-laptop",
  "gamma-phone",
  "hostile-device",
  "iota-phone",
  "kappa-phone",
  "lambda-tablet",
  "mu-phone",
  "theta-watch",
];
