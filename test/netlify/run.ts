// npm run test:netlify [-- <vitest options>]: the HTTP contract suite and the
// differential test against `netlify dev --offline`, Netlify's own local
// emulation of its request chain (the edge function under Deno with Netlify's
// bootstrap, _redirects, _headers, its static server), beside the chain, the
// preview and the Deno harness. Offline, from npm only:
// - netlify-cli and the edge bootstrap come pinned from the lockfile in
//   test/netlify/toolchain/ (installed there on first use); deno is the
//   project's own devDependency, put first on PATH;
// - NETLIFY_EDGE_BOOTSTRAP points netlify dev at the bootstrap of
//   @netlify/edge-functions-dev instead of edge.netlify.com;
// - a fresh DENO_DIR holds a stub of the one remote module the edge bundler's
//   config extractor imports (types only), so `config.path` is read offline;
// - CI=1 turns netlify-cli's telemetry off.
// Each build (the fixture catalog and the 300-record one) gets its own netlify
// dev, from its own copy of the project's netlify.toml and edge function, so
// their .netlify/ folders do not collide. A third runs at the repository root
// itself, as a person runs it there (client/ and all, no --dir: netlify.toml
// says what to serve), stdin closed; root.test.ts reads what it printed.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "../helpers/build.ts";
import { buildHttpCatalogs } from "../helpers/builds.global.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TOOLCHAIN = path.join(ROOT, "test/netlify/toolchain");
const NETLIFY = path.join(TOOLCHAIN, "node_modules/.bin/netlify");
const BOOTSTRAP = path.join(TOOLCHAIN, "node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs");
/** The one remote module Netlify's edge bundler imports (deno/config.ts in @netlify/edge-bundler). */
const TYPES_URL = new URL("https://edge.netlify.com/bootstrap/globals/types.ts");
/** How long netlify dev may take to serve the edge function. */
const START_MS = 5 * 60_000;

const work = mkdtempSync(path.join(tmpdir(), "dl-netlify-"));
const say = (line: string) => console.error(`[netlify] ${line}`);

/** `npm ci` into the toolchain folder when its lockfile is newer than what is installed. */
function installToolchain() {
  const installed = path.join(TOOLCHAIN, "node_modules/.package-lock.json");
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(path.join(TOOLCHAIN, "package-lock.json")).mtimeMs) return;
  say("installing the pinned toolchain (netlify-cli 26.2.0, @netlify/edge-functions-dev 1.0.24) from test/netlify/toolchain/package-lock.json");
  const r = spawnSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: TOOLCHAIN, stdio: "inherit" });
  if (r.status !== 0) throw new Error("npm ci of the Netlify toolchain failed");
}

/**
 * A Deno cache holding a stub for TYPES_URL: Deno 2 keeps a remote module at
 * remote/<scheme>/<host>/<sha256 of path and query>, its body followed by a
 * `// denoCacheMetadata=` line (the response headers, URL and fetch time).
 */
function seededDenoDir(): string {
  const dir = path.join(work, "deno-dir");
  const folder = path.join(dir, "remote", TYPES_URL.protocol.slice(0, -1), TYPES_URL.host);
  mkdirSync(folder, { recursive: true });
  const key = createHash("sha256")
    .update(TYPES_URL.pathname + TYPES_URL.search)
    .digest("hex");
  const metadata = { headers: { "content-type": "application/typescript; charset=utf-8" }, url: TYPES_URL.href, time: 0 };
  writeFileSync(
    path.join(folder, key),
    `export interface NetlifyGlobal {\n  context: unknown;\n  env: unknown;\n}\n\n// denoCacheMetadata=${JSON.stringify(metadata)}`,
  );
  return dir;
}

/** A project folder for one netlify dev: the project's netlify.toml, package.json and code, its node_modules linked. */
function projectCopy(name: string): string {
  const dir = path.join(work, name);
  mkdirSync(dir);
  for (const entry of ["netlify.toml", "package.json", "netlify", "generator"]) cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

interface Dev {
  child: ChildProcess;
  url: string;
  /** What netlify dev has printed so far. */
  log: string;
}

const running: Dev[] = [];
/** Ends each netlify dev this script started, with its process group (the Deno isolate, the static server). */
const stopAll = () => {
  for (const { child } of running) {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {}
  }
};
process.on("exit", stopAll);
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

/**
 * netlify dev in `cwd`, with `args`. Its own port and its static server's
 * (which netlify dev would otherwise take from a race for 3999) come as flags;
 * stdin is closed, so a question it asked would go unanswered.
 */
async function startDev(name: string, cwd: string, args: string[], denoDir: string): Promise<Dev> {
  const [port, staticServerPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH}`,
    NETLIFY_EDGE_BOOTSTRAP: pathToFileURL(BOOTSTRAP).href,
    DENO_DIR: denoDir,
    CI: "1",
    BROWSER: "none",
  };
  const flags = ["dev", "--offline", ...args, "--port", String(port), "--staticServerPort", String(staticServerPort)];
  const child = spawn(NETLIFY, flags, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const dev = { child, url: `http://localhost:${port}`, log: "" };
  running.push(dev);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name}: netlify dev did not load the edge function in ${START_MS / 1000} s:\n${dev.log.slice(-3000)}`)),
      START_MS,
    );
    const onData = (d: Buffer) => {
      dev.log += d;
      if (/Failed to (load|run) Edge Function|Could not load configuration for edge function/i.test(dev.log)) {
        clearTimeout(timer);
        reject(new Error(`${name}: netlify dev could not load the edge function:\n${dev.log.slice(-3000)}`));
      } else if (/Local dev server ready/.test(dev.log) && /Loaded edge function api/.test(dev.log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${name}: netlify dev exited (${code}):\n${dev.log.slice(-3000)}`)));
  });
  say(`${name}: netlify dev (in ${cwd}) serves on ${dev.url}`);
  return dev;
}

installToolchain();
say("building the fixture catalog and a synthetic catalog of 300 records");
const builds = await buildHttpCatalogs();
const denoDir = seededDenoDir();
const [fixture, list, root] = await Promise.all([
  startDev("fixture", projectCopy("fixture"), ["--dir", builds.fixture], denoDir),
  startDev("list", projectCopy("list"), ["--dir", builds.list], denoDir),
  startDev("root", ROOT, [], denoDir),
]);
const rootLog = path.join(work, "root.log");
writeFileSync(rootLog, root.log);

const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "test/netlify", ...process.argv.slice(2)], {
  cwd: ROOT,
  env: {
    ...process.env,
    NETLIFY_FIXTURE_URL: fixture.url,
    NETLIFY_LIST_URL: list.url,
    NETLIFY_ROOT_URL: root.url,
    NETLIFY_ROOT_LOG: rootLog,
    FIXTURE_DIST: builds.fixture,
    LIST_DIST: builds.list,
  },
  stdio: "inherit",
});
stopAll();
process.exit(result.status ?? 1);
