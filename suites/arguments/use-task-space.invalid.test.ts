// Argument validation of ego.useTaskSpace(): the cases come from src/contract/clauses/arguments.ts.
import { invalidArgumentClauses } from "../../src/harness/invalid-arguments.js";

invalidArgumentClauses("useTaskSpace");
