/**
 * The gate's change per clause: the outcome model's one table of changes between two runs
 * (src/outcomes/changes.ts), which the compat page's diff view reads too.
 */
export { BLOCKING, CHANGES, CHANGE_TEXT, changeBetween as classifyChange, type Change } from "../outcomes/changes.js";
