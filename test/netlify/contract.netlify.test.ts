// The list's HTTP contract against any running server of a built dist/ (run by
// `npm run test:netlify` against `netlify dev --offline`; skipped otherwise):
//   LIST_CONTRACT_URL=http://localhost:8888 LIST_CONTRACT_DIST=/path/to/dist npx vitest run test/netlify
import { describe } from "vitest";
import { listContract } from "../list/contract.ts";

const url = process.env.LIST_CONTRACT_URL;
const dist = process.env.LIST_CONTRACT_DIST;

describe.skipIf(!url || !dist)(`list contract against ${url}`, () => {
  listContract(() => ({ url: url!.replace(/\/+$/, ""), dist: dist! }));
});
