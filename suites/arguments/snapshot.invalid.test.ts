// Argument validation of ego.snapshot(): the cases come from src/contract/clauses/arguments.ts.
import { invalidArgumentClauses } from "../../src/harness/invalid-arguments.js";

invalidArgumentClauses("snapshot");
