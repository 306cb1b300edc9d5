// Three vitest projects, all run by `npm test` (`npx vitest run --project unit`
// runs one):
// - unit: pure modules, tested beside them (generator/**/*.test.ts) plus the one
//   test/ file that builds nothing and starts nothing (the edge bundle); 5 s per test.
// - http: everything that builds catalogs, starts servers, Deno or the
//   third-party tools; the fixture, list and data catalogs are built once per
//   run by test/helpers/builds.global.ts (read them with inject()).
// - browser: the Chromium tests (started only through test/helpers/browser.ts).
import { configDefaults, defineConfig } from "vitest/config";

/** test/ files that build nothing and start nothing: they join the unit project. */
const PURE_TEST_FILES = ["test/architecture/edge-bundle.test.ts"];
const BROWSER_TEST_FILES = ["test/pages/**/*.test.ts", "test/hostile/security-headers.test.ts", "test/hostile/injection.test.ts"];
// The Netlify target runs only under test/netlify/run.ts (npm run test:netlify), which starts netlify dev.
const NETLIFY = process.env.NETLIFY_FIXTURE_URL ? [] : ["test/netlify/**"];
/** Counts each test's expect() calls for scripts/test-time.sh; costs nothing otherwise. */
const setupFiles = ["test/helpers/count-assertions.ts"];
// A worker runs its files in one module graph instead of importing the
// generator, Eleventy and satori afresh for each file (a third of the suite's
// time went there). No test changes module state, mocks a module or fakes the
// process's timers; a test that ever does must undo it before its file ends.
const isolate = false;

export default defineConfig({
  test: {
    // The child processes (Deno, Prism, Chromium, builds) leave a core idle much of the time.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "unit",
          include: ["generator/**/*.test.ts", "importers/**/*.test.ts", ...PURE_TEST_FILES],
          setupFiles,
          isolate,
          testTimeout: 5_000,
          hookTimeout: 10_000,
        },
      },
      {
        test: {
          name: "http",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...PURE_TEST_FILES, ...BROWSER_TEST_FILES, ...NETLIFY],
          globalSetup: ["test/helpers/builds.global.ts"],
          setupFiles,
          isolate,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "browser",
          include: BROWSER_TEST_FILES,
          setupFiles,
          isolate,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page settles slower when the other projects share the cores: wait up to 10 s for what a person would see.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
