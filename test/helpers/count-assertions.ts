// vitest setup file (every project): records how many expect() calls each test
// made in its meta, so that the JSON reporter's assertionResults carry it
// (scripts/test-time.sh sums them). expect.getState().assertionCalls is
// vitest's own per-test counter: every expect(...) matcher call, soft or not,
// including those inside loops and fast-check properties.
import { afterEach, expect } from "vitest";

declare module "vitest" {
  interface TaskMeta {
    assertions?: number;
  }
}

afterEach((context) => {
  context.task.meta.assertions = expect.getState().assertionCalls;
});
