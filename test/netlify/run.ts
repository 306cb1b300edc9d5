// npm run test:netlify: the list's HTTP contract suite (test/list/contract.ts)
// against `netlify dev --offline`, Netlify's own local emulation of the
// request chain (edge functions under Deno, _redirects, _headers). netlify-cli
// is large, so it is fetched on demand by npx (pinned), not a dependency; the
// deno binary from our devDependencies is put on PATH for its edge runtime.
//
//   npm run test:netlify                        build a synthetic catalog, start netlify dev, run the suite
//   LIST_CONTRACT_URL=http://host:port LIST_CONTRACT_DIST=dist npx vitest run test/netlify
//                                               the same suite against any server already running
//
// netlify dev's edge runtime imports its bootstrap from edge.netlify.com on
// start: without network access it cannot load edge functions, and this script
// stops with that message rather than report the static layer alone as parity.
import { spawn, spawnSync } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { synthBuild } from "../list/setup.ts";

const NETLIFY_CLI = "netlify-cli@26.2.0"; // the newest major that still runs on Node 20
const ROOT = path.resolve(import.meta.dirname, "../..");

const port = await new Promise<number>((resolve) => {
  const srv = createServer().listen(0, "127.0.0.1", () => {
    const p = (srv.address() as AddressInfo).port;
    srv.close(() => resolve(p));
  });
});

console.log("[netlify] building a synthetic catalog of 300 records");
const { dist } = await synthBuild(300, 3);
console.log(`[netlify] npx ${NETLIFY_CLI} dev --offline --dir ${dist} --port ${port}`);
const child = spawn("npx", ["--yes", NETLIFY_CLI, "dev", "--offline", "--dir", dist, "--port", String(port)], {
  cwd: ROOT,
  env: { ...process.env, PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH}`, BROWSER: "none" },
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
let log = "";
const stop = () => {
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {}
};
process.on("exit", stop);

const ready = await new Promise<"ready" | "edge-failed" | "exited">((resolve) => {
  let up = false;
  const timer = setTimeout(() => resolve("exited"), 10 * 60_000);
  const onData = (d: Buffer) => {
    log += d;
    if (/Failed to load edge functions|Could not load configuration for edge function/.test(log)) {
      clearTimeout(timer);
      resolve("edge-failed");
    } else if (!up && /Local dev server ready/.test(log)) {
      up = true;
      // Edge functions load after the server is up: give them a moment to fail or to load.
      setTimeout(() => {
        clearTimeout(timer);
        resolve(/Failed to load edge functions/.test(log) ? "edge-failed" : "ready");
      }, 15_000);
    }
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  child.on("exit", () => resolve("exited"));
});

if (ready !== "ready") {
  const why = log.split("\n").filter((l) => /error|Failed|Could not/i.test(l)).slice(0, 6).join("\n");
  console.error(`[netlify] netlify dev did not serve the edge function (${ready}):\n${why || log.slice(-2000)}`);
  stop();
  process.exit(1);
}

console.log(`[netlify] netlify dev is up on ${port}; running the list contract suite`);
const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "test/netlify"], {
  cwd: ROOT,
  env: { ...process.env, LIST_CONTRACT_URL: `http://localhost:${port}`, LIST_CONTRACT_DIST: dist },
  stdio: "inherit",
});
stop();
process.exit(result.status ?? 1);
