// Argument validation of ego.animationHighlightMouseToPosition(): one clause per case of src/contract/clauses/arguments.ts, by its literal id.
import { clause } from "../../src/harness/clause.js";
import { invalidArgument } from "../../src/harness/invalid-arguments.js";

clause("arguments.animationHighlightMouseToPosition.x-missing", invalidArgument);
clause("arguments.animationHighlightMouseToPosition.x-not-a-number", invalidArgument);
clause("arguments.animationHighlightMouseToPosition.y-missing", invalidArgument);
clause("arguments.animationHighlightMouseToPosition.y-not-a-number", invalidArgument);
clause("arguments.animationHighlightMouseToPosition.extra-argument", invalidArgument);
