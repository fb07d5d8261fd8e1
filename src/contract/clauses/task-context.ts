import { defineClauses } from "./define.js";

export const taskContextClauses = defineClauses("task-context", [
  { id: "task-context.use.synchronous", title: "useTaskSpace returns synchronously, not a Promise", methods: ["useTaskSpace"], severity: "critical" },
  { id: "task-context.use.does-not-validate", title: "useTaskSpace of an id that does not exist still returns the id (selection is local)", methods: ["useTaskSpace"], features: ["numeric-ids"] },
  { id: "task-context.use.per-invocation", title: "a selection made in one invocation does not carry into another", methods: ["useTaskSpace", "listTabs"], severity: "critical", features: ["error-codes"] },
  { id: "task-context.use.does-not-claim", title: "selecting a user-owned space does not claim it or change its ownership", methods: ["useTaskSpace", "listTaskSpaces"], features: ["task-space-listing-v2"] },
  { id: "task-context.use.switches", title: "a second useTaskSpace switches task-scoped calls to the newly selected space", methods: ["useTaskSpace", "setAgentTaskState"], features: ["numeric-ids"] },
]);
