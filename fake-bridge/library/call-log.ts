/**
 * The call log of one binding lives with the contract (src/contract/call-log.ts), so the
 * harness's recording of a run (src/probe/call-recorder.ts) keeps the same log; it is
 * re-exported here for the library's users.
 */
export { CallLog, type CallChannel, type CallEntry, type CallFilter, type CallTuple } from "../../src/contract/call-log.js";
