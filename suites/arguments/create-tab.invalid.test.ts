// Argument validation of ego.createTab(): one clause per case of src/contract/clauses/arguments.ts, by its literal id.
import { clause } from "../../src/harness/clause.js";
import { invalidArgument } from "../../src/harness/invalid-arguments.js";

clause("arguments.createTab.url-missing", invalidArgument);
clause("arguments.createTab.url-not-a-string", invalidArgument);
clause("arguments.createTab.extra-argument", invalidArgument);
