// Argument validation of ego.setAgentTaskState(): the cases come from src/contract/clauses/arguments.ts.
import { invalidArgumentClauses } from "../../src/harness/invalid-arguments.js";

invalidArgumentClauses("setAgentTaskState");
