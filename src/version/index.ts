/** Ego Lite four-part versions and ranges over them: everything each module exports. */
export * from "./ego-version.js";
export * from "./range.js";
