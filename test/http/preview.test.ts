// The HTTP contract suite (test/http/contract.ts) against the preview target (test/helpers/targets.ts).
import { httpContract } from "./contract.ts";

httpContract("preview");
