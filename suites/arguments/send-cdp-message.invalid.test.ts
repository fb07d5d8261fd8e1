// Argument validation of ego.sendCDPMessage(): one clause per case of src/contract/clauses/arguments.ts, by its literal id.
import { clause } from "../../src/harness/clause.js";
import { invalidArgument } from "../../src/harness/invalid-arguments.js";

clause("arguments.sendCDPMessage.message-missing", invalidArgument);
clause("arguments.sendCDPMessage.message-not-a-string", invalidArgument);
clause("arguments.sendCDPMessage.extra-argument", invalidArgument);
