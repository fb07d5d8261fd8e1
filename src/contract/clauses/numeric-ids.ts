import { defineClauses } from "./define.js";

export const numericIdClauses = defineClauses("numeric-ids", [
  { id: "numeric-ids.create.id-is-number", title: "createTaskSpace resolves a numeric id", methods: ["createTaskSpace"], severity: "critical", features: ["numeric-ids"] },
  { id: "numeric-ids.claim.id-is-number", title: "claimTaskSpace resolves the numeric id of the claimed space", methods: ["claimTaskSpace"], severity: "critical", features: ["numeric-ids"] },
  { id: "numeric-ids.list.ids-are-numbers", title: "every listTaskSpaces entry carries a numeric id", methods: ["listTaskSpaces"], severity: "critical", features: ["numeric-ids", "task-space-listing-v2"] },
  { id: "numeric-ids.list.ids-unique", title: "ids in listTaskSpaces are unique locators", methods: ["listTaskSpaces"], features: ["numeric-ids", "task-space-listing-v2"] },
  { id: "numeric-ids.task-id.display-copy", title: "taskId is a display copy of name in create, claim and list results", methods: ["createTaskSpace", "claimTaskSpace", "listTaskSpaces"], features: ["numeric-ids", "task-space-listing-v2"] },
  { id: "numeric-ids.use.returns-id", title: "useTaskSpace returns the numeric id it was given", methods: ["useTaskSpace"], features: ["numeric-ids"] },
  { id: "numeric-ids.lookup.by-id-after-rename", title: "a renamed space is still found by its numeric id, not by its old name", methods: ["claimTaskSpace", "listTaskSpaces"], features: ["numeric-ids", "task-space-listing-v2"] },
  { id: "numeric-ids.not-found.message-carries-id", title: "'Task space not found' names the numeric id used for the lookup", methods: ["claimTaskSpace"], severity: "minor", features: ["numeric-ids", "error-codes"] },
  { id: "numeric-ids.status.carries-id", title: "status strings of task-scoped calls start with the numeric id", methods: ["setAgentTaskState", "handOffTaskSpace", "takeOverTaskSpace", "completeTaskSpace", "closeTaskSpace", "animationHighlightMouseToPosition"], features: ["numeric-ids"] },
]);
