// Argument validation of ego.createTaskSpace(): one clause per case of src/contract/clauses/arguments.ts, by its literal id.
import { clause } from "../../src/harness/clause.js";
import { invalidArgument } from "../../src/harness/invalid-arguments.js";

clause("arguments.createTaskSpace.name-missing", invalidArgument);
clause("arguments.createTaskSpace.name-not-a-string", invalidArgument);
clause("arguments.createTaskSpace.name-empty", invalidArgument);
clause("arguments.createTaskSpace.profileId-not-a-string", invalidArgument);
clause("arguments.createTaskSpace.extra-argument", invalidArgument);
