// Argument validation of ego.handOffTaskSpace(): the cases come from src/contract/clauses/arguments.ts.
import { invalidArgumentClauses } from "../../src/harness/invalid-arguments.js";

invalidArgumentClauses("handOffTaskSpace");
