// Argument validation of ego.listProfiles(): the cases come from src/contract/clauses/arguments.ts.
import { invalidArgumentClauses } from "../../src/harness/invalid-arguments.js";

invalidArgumentClauses("listProfiles");
