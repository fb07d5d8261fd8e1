// Argument validation of ego.takeOverTaskSpace(): the cases come from src/contract/clauses/arguments.ts.
import { invalidArgumentClauses } from "../../src/harness/invalid-arguments.js";

invalidArgumentClauses("takeOverTaskSpace");
