// The HTTP contract suite (test/http/contract.ts) against the deno target (test/helpers/targets.ts).
import { httpContract } from "./contract.ts";

httpContract("deno");
