import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "generator/**/*.test.ts"],
    // The Netlify target runs only under test/netlify/run.ts (npm run test:netlify), which starts netlify dev.
    exclude: [...configDefaults.exclude, ...(process.env.NETLIFY_FIXTURE_URL ? [] : ["test/netlify/**"])],
    globalSetup: ["test/helpers/builds.global.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
