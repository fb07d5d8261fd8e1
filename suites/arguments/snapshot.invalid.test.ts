// Argument validation of ego.snapshot(): one clause per case of src/contract/clauses/arguments.ts, by its literal id.
import { clause } from "../../src/harness/clause.js";
import { invalidArgument } from "../../src/harness/invalid-arguments.js";

clause("arguments.snapshot.options-not-an-object", invalidArgument);
clause("arguments.snapshot.extra-argument", invalidArgument);
clause("arguments.snapshot.scope-unknown", invalidArgument);
clause("arguments.snapshot.max-result-length-negative", invalidArgument);
