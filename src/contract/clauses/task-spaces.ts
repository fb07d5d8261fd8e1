import { defineClauses } from "./define.js";

export const taskSpaceClauses = defineClauses("task-spaces", [
  { id: "task-spaces.create.result-shape", title: "createTaskSpace resolves {taskId, id, name} with the given name", methods: ["createTaskSpace"], severity: "critical", features: ["numeric-ids"] },
  { id: "task-spaces.create.agent-owned", title: "a created space is listed with createdBy agent and ownership agent", methods: ["createTaskSpace", "listTaskSpaces"], severity: "critical", features: ["task-space-listing-v2"] },
  {
    id: "task-spaces.create.does-not-select", title: "createTaskSpace does not select the new space", methods: ["createTaskSpace", "listTabs"],
    unspecified: { question: "research Q10: is the new space auto-selected?", choice: "no: the doc's examples always call useTaskSpace(task.id) after creating" },
  },
  {
    id: "task-spaces.create.duplicate-name", title: "creating a second space with an existing name", methods: ["createTaskSpace"],
    unspecified: { question: "research Q10: duplicate-name policy (doc: names may repeat; upstream FakeEgo rejects)", choice: "accepted with a new id: the doc says names may be duplicated and ids are the locators" },
  },
  { id: "task-spaces.list.entry-shape", title: "listTaskSpaces resolves {taskSpaces} whose entries match the documented shape", methods: ["listTaskSpaces"], severity: "critical", features: ["task-space-listing-v2", "numeric-ids"] },
  { id: "task-spaces.list.read-only", title: "listTaskSpaces neither selects nor changes any space", methods: ["listTaskSpaces"], features: ["task-space-listing-v2", "error-codes"] },
  { id: "task-spaces.list.includes-user-spaces", title: "a regular Space created by the user is listed with createdBy user and ownership user", methods: ["listTaskSpaces"], features: ["task-space-listing-v2"], needs: ["operator"] },
  { id: "task-spaces.hand-off.status", title: "handOffTaskSpace resolves '<id> has been handed off to the user.'", methods: ["handOffTaskSpace"] },
  { id: "task-spaces.hand-off.delegated", title: "after handOffTaskSpace the space is listed as agentDelegatedToUser", methods: ["handOffTaskSpace", "listTaskSpaces"], features: ["delegated-ownership", "task-space-listing-v2"] },
  { id: "task-spaces.take-over.status", title: "takeOverTaskSpace resolves '<id> has been taken over by the agent.'", methods: ["takeOverTaskSpace"] },
  { id: "task-spaces.take-over.agent", title: "after takeOverTaskSpace the space is listed as agent-owned again", methods: ["takeOverTaskSpace", "listTaskSpaces"], features: ["task-space-listing-v2"] },
  {
    id: "task-spaces.take-over.idempotent", title: "takeOverTaskSpace on an agent-owned space", methods: ["takeOverTaskSpace"],
    unspecified: { question: "research Q13: takeover of a space the agent already controls", choice: "succeeds with the usual status string (the v1 skill calls takeover idempotent)" },
  },
  {
    id: "task-spaces.hand-off.twice", title: "handOffTaskSpace on a space already handed off", methods: ["handOffTaskSpace"],
    unspecified: { question: "research Q13: hand-off of a delegated space", choice: "succeeds with the usual status string; ownership stays agentDelegatedToUser" },
  },
  { id: "task-spaces.complete.status", title: "completeTaskSpace resolves '<id> task space completed.'", methods: ["completeTaskSpace"] },
  { id: "task-spaces.complete.user-owned-same-id", title: "a completed space stays listed under the same id with ownership user", methods: ["completeTaskSpace", "listTaskSpaces"], severity: "critical", features: ["task-space-listing-v2"] },
  { id: "task-spaces.claim.becomes-agent", title: "claiming a user-owned space makes it agent-owned under the same id", methods: ["claimTaskSpace", "listTaskSpaces"], severity: "critical", features: ["numeric-ids", "task-space-listing-v2"] },
  { id: "task-spaces.claim.renames", title: "claimTaskSpace(id, name) renames the space and keeps its id", methods: ["claimTaskSpace"], features: ["numeric-ids"] },
  { id: "task-spaces.claim.keeps-name", title: "claimTaskSpace(id) without a name keeps the space's name", methods: ["claimTaskSpace"], features: ["numeric-ids"] },
  { id: "task-spaces.claim.keeps-tabs-and-profile", title: "claiming keeps the space's profile, tabs and active tab", methods: ["claimTaskSpace", "listTabs"], features: ["numeric-ids", "task-space-listing-v2"] },
  { id: "task-spaces.claim.does-not-select", title: "claimTaskSpace does not select the claimed space", methods: ["claimTaskSpace", "listTabs"], features: ["numeric-ids", "error-codes"] },
  { id: "task-spaces.claim.user-created-space", title: "claiming a regular Space the user created keeps its id, profile and tabs", methods: ["claimTaskSpace", "listTaskSpaces"], features: ["numeric-ids", "task-space-listing-v2"], needs: ["operator"] },
  {
    id: "task-spaces.claim.agent-owned", title: "claimTaskSpace of a space the agent already owns", methods: ["claimTaskSpace"],
    unspecified: { question: "research Q11: which ownerships are claimable", choice: "any listed space is claimable (doc: 'Claims a Space returned by listTaskSpaces'); an agent-owned space stays agent-owned" },
  },
  { id: "task-spaces.close.status", title: "closeTaskSpace resolves '<id> task space closed.'", methods: ["closeTaskSpace"] },
  { id: "task-spaces.close.removes", title: "a closed space disappears from listTaskSpaces (polled, close is eventually consistent)", methods: ["closeTaskSpace", "listTaskSpaces"], severity: "critical", features: ["task-space-listing-v2"] },
]);
