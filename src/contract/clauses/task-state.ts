import { defineClauses } from "./define.js";

export const taskStateClauses = defineClauses("task-state", [
  { id: "task-state.set.status", title: "setAgentTaskState resolves '<id> state updated.'", methods: ["setAgentTaskState"] },
  { id: "task-state.highlight.status", title: "animationHighlightMouseToPosition resolves '<id> mouse highlight shown.'", methods: ["animationHighlightMouseToPosition"] },
]);
