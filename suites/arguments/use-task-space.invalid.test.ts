// Argument validation of ego.useTaskSpace(): one clause per case of src/contract/clauses/arguments.ts, by its literal id.
import { clause } from "../../src/harness/clause.js";
import { invalidArgument } from "../../src/harness/invalid-arguments.js";

clause("arguments.useTaskSpace.id-missing", invalidArgument);
clause("arguments.useTaskSpace.id-not-a-number", invalidArgument);
clause("arguments.useTaskSpace.extra-argument", invalidArgument);
clause("arguments.useTaskSpace.id-null", invalidArgument);
clause("arguments.useTaskSpace.id-not-integer", invalidArgument);
clause("arguments.useTaskSpace.id-negative", invalidArgument);
clause("arguments.useTaskSpace.id-nan", invalidArgument);
