/** The one outcome model: statuses, their meaning, precedence, how results map to them, and the change table. */
export * from "./statuses.js";
export * from "./precedence.js";
export * from "./of-result.js";
export * from "./of-error.js";
export * from "./precondition-error.js";
export * from "./changes.js";
export * from "./categories.js";
export * from "./not-applicable.js";
export * from "./attribution.js";
