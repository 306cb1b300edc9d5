// The HTTP contract suite (test/http/contract.ts) against the chain target (test/helpers/targets.ts).
import { httpContract } from "./contract.ts";

httpContract("chain");
