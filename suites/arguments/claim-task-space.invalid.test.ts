// Argument validation of ego.claimTaskSpace(): one clause per case of src/contract/clauses/arguments.ts, by its literal id.
import { clause } from "../../src/harness/clause.js";
import { invalidArgument } from "../../src/harness/invalid-arguments.js";

clause("arguments.claimTaskSpace.id-missing", invalidArgument);
clause("arguments.claimTaskSpace.id-not-a-number", invalidArgument);
clause("arguments.claimTaskSpace.name-not-a-string", invalidArgument);
clause("arguments.claimTaskSpace.extra-argument", invalidArgument);
clause("arguments.claimTaskSpace.id-name-string", invalidArgument);
