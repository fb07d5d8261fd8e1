// Argument validation of ego.setAgentTaskState(): one clause per case of src/contract/clauses/arguments.ts, by its literal id.
import { clause } from "../../src/harness/clause.js";
import { invalidArgument } from "../../src/harness/invalid-arguments.js";

clause("arguments.setAgentTaskState.state-missing", invalidArgument);
clause("arguments.setAgentTaskState.state-not-a-string", invalidArgument);
clause("arguments.setAgentTaskState.extra-argument", invalidArgument);
