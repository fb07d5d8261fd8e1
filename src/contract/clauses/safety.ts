import { defineClauses } from "./define.js";

/**
 * The harness's promise to the user whose browser it runs on (ARCHITECTURE.md, idea 6). Not a
 * behaviour of the bridge: a run-level check the CLI makes around the whole run on installed
 * targets (src/safety), reported like any clause.
 */
export const safetyClauses = defineClauses("safety", [
  {
    id: "safety.user-spaces.unchanged",
    title: "every task space that is not this run's is listed after the run exactly as before it (id, name, ownership, createdBy, profile, recent tab titles, count)",
    methods: ["listTaskSpaces"],
    severity: "blocker",
  },
]);
