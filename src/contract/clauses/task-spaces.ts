import type { ClauseInput } from "../clause.js";
import { defineClauses } from "./define.js";

/** For a clause that tells spaces apart by their id in the listing: the ids exist, and the listing shows them. */
const IDS_LISTED: ClauseInput["features"] = ["numeric-ids", "task-space-listing-v2"];

export const taskSpaceClauses = defineClauses("task-spaces", [
  { id: "task-spaces.create.result-shape", title: "createTaskSpace resolves {taskId, id, name} with the given name", methods: ["createTaskSpace"], severity: "critical", features: ["numeric-ids"] },
  { id: "task-spaces.create.agent-owned", title: "a created space is listed with createdBy agent and ownership agent", methods: ["createTaskSpace", "listTaskSpaces"], severity: "critical", features: ["task-space-listing-v2"] },
  {
    id: "task-spaces.create.does-not-select", title: "createTaskSpace does not select the new space", methods: ["createTaskSpace", "listTabs"],
    unspecified: {
      question: "research Q10: is the new space auto-selected?",
      choice: "no: the doc's examples always call useTaskSpace(task.id) after creating",
      core: "task calls act on the current task context only: right after createTaskSpace, listTabs resolves either an error object (nothing selected) or the new space's own tabs, never another space's and never a throw or rejection",
      openDetail: "whether createTaskSpace selects the new space (the fake: no, listTabs resolves EGO_TASK_SPACE_NOT_SELECTED; the Linux port: yes)",
      basis: "native-bindings-api.md Runtime Model ('Task-scoped APIs operate on the current task context. Select that context with ego.useTaskSpace(id)'); research 1.5 createTaskSpace, research Q10",
    },
  },
  {
    // where the name is the key (before numeric ids) or the listing shows no ids, twins cannot be told apart
    id: "task-spaces.create.duplicate-name", title: "creating a second space with an existing name", methods: ["createTaskSpace"], features: IDS_LISTED,
    unspecified: {
      question: "research Q10: duplicate-name policy (doc: names may repeat; upstream FakeEgo rejects)",
      choice: "accepted with a new id: the doc says names may be duplicated and ids are the locators",
      core: "the second create resolves (never throws or rejects): either a space with its own id, never the first space's (ids are the unique locators), or an error object with a documented error_code; the first space stays listed",
      openDetail: "whether a duplicate name is accepted (the fake: yes, listed twice) or refused, and with which code",
      basis: "native-bindings-api.md Task Spaces ('name and taskId are display values and may be duplicated', 'id: numeric unique task-space locator'), Error Codes; research Q10",
    },
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
    unspecified: {
      question: "research Q13: takeover of a space the agent already controls",
      choice: "succeeds with the usual status string (the v1 skill calls takeover idempotent)",
      core: "the call resolves (a status value or an error object, never a throw or rejection) and leaves the space under agent control: task calls on it still work",
      openDetail: "whether it answers with the usual status string or an error object, and the listed ownership afterwards",
      basis: "native-bindings-api.md Task Control ('Returns the current task space to agent control', 'Returns the browser-side status value'); research 1.5 handOff/takeOver, research Q13",
    },
  },
  {
    id: "task-spaces.hand-off.twice", title: "handOffTaskSpace on a space already handed off", methods: ["handOffTaskSpace"],
    unspecified: {
      question: "research Q13: hand-off of a delegated space",
      choice: "succeeds with the usual status string; ownership stays agentDelegatedToUser",
      core: "the call resolves (a status value or an error object, never a throw or rejection) and the space stays with the user: blocked calls still report EGO_TASK_SPACE_USER_IN_CONTROL until the agent takes it back",
      openDetail: "whether it answers with the usual status string or an error object, and the listed ownership afterwards",
      basis: "native-bindings-api.md Runtime Model ('blocked until the agent takes the task back'), Task Control; research Q13",
    },
  },
  { id: "task-spaces.complete.status", title: "completeTaskSpace resolves '<id> task space completed.'", methods: ["completeTaskSpace"] },
  { id: "task-spaces.complete.user-owned-same-id", title: "a completed space stays listed under the same id with ownership user", methods: ["completeTaskSpace", "listTaskSpaces"], severity: "critical", features: ["task-space-listing-v2"] },
  { id: "task-spaces.claim.becomes-agent", title: "claiming a user-owned space makes it agent-owned under the same id", methods: ["claimTaskSpace", "listTaskSpaces"], severity: "critical", features: IDS_LISTED },
  { id: "task-spaces.claim.renames", title: "claimTaskSpace(id, name) renames the space and keeps its id", methods: ["claimTaskSpace"], features: ["numeric-ids"] },
  { id: "task-spaces.claim.keeps-name", title: "claimTaskSpace(id) without a name keeps the space's name", methods: ["claimTaskSpace"], features: ["numeric-ids"] },
  {
    // the claim keeps the active tab, but the space is the user's between complete and claim, and
    // listTabs does not read a user-owned space: the tab active just before the claim is not observable
    id: "task-spaces.claim.keeps-tabs-and-profile", title: "claiming keeps the space's profile, tabs and active tab", methods: ["claimTaskSpace", "listTabs"], features: IDS_LISTED,
    unspecified: {
      question: "which tab is active after completeTaskSpace (the reference fixes the active tab across a claim only; a user may switch tabs while the space is theirs)",
      choice: "the fake keeps the active tab through complete and claim",
      core: "after completeTaskSpace and claimTaskSpace, listTabs lists the same tabs (targetId, index, url) in the same order, and the listing entry keeps its profileId and profileName",
      openDetail: "whether the tab active before completeTaskSpace is still the active one after the claim (the fake: yes; a build may move it when the space changes hands)",
      basis: "native-bindings-api.md Task Spaces claimTaskSpace ('Claiming a regular user Space keeps its browser profile, tabs, active tab, and numeric id'), completeTaskSpace ('leaving the Space open for the user')",
    },
  },
  { id: "task-spaces.claim.does-not-select", title: "claimTaskSpace does not select the claimed space", methods: ["claimTaskSpace", "listTabs"], features: ["numeric-ids", "error-codes"] },
  { id: "task-spaces.claim.user-created-space", title: "claiming a regular Space the user created keeps its id, profile and tabs", methods: ["claimTaskSpace", "listTaskSpaces"], features: IDS_LISTED, needs: ["operator"] },
  {
    // its core is about the space's own id, in the claim's answer and in the listing
    id: "task-spaces.claim.agent-owned", title: "claimTaskSpace of a space the agent already owns", methods: ["claimTaskSpace"], features: IDS_LISTED,
    unspecified: {
      question: "research Q11: which ownerships are claimable",
      choice: "any listed space is claimable (doc: 'Claims a Space returned by listTaskSpaces'); an agent-owned space stays agent-owned",
      core: "the claim resolves, never throws or rejects: either the space under its own id, or an error object with a documented error_code ('cannot be claimed'); either way the space keeps its id and stays listed",
      openDetail: "whether an agent-owned space is claimable (the fake: yes) and the code of a refusal (the doc names EGO_TASK_SPACE_NOT_FOUND)",
      basis: "native-bindings-api.md Task Spaces claimTaskSpace ('Claims a Space returned by ego.listTaskSpaces()', 'If the space does not exist or cannot be claimed, the promise resolves to an error object'); research Q11",
    },
  },
  {
    id: "task-spaces.create.idle-stays-listed",
    title: "a created space stays listed while nobody touches it, for at least 150 s",
    methods: ["createTaskSpace", "listTaskSpaces"],
    // no listing feature: the space is found by id, or by name in an older {taskIds} listing
    // a space ends only when a caller closes or completes it (closeTaskSpace, completeTaskSpace);
    // hosts that close idle spaces break every agent that pauses (a community Linux host did)
    tags: ["slow"],
  },
  {
    id: "task-spaces.list.idle-user-owned-stays",
    title: "a completed (user-owned) space nobody touches stays listed for at least 150 s, and listing it twice closes nothing",
    methods: ["completeTaskSpace", "listTaskSpaces"],
    // completeTaskSpace: the Space is left 'open for the user. It remains discoverable through
    // ego.listTaskSpaces() under the same numeric id with user ownership' (no time limit); listing is
    // a read (task-spaces.list.read-only). A host whose listing closes idle spaces, user-owned ones
    // too, broke this unnoticed
    tags: ["slow"],
  },
  {
    id: "task-spaces.create.concurrent-distinct-ids",
    title: "parallel createTaskSpace calls from separate invocations get distinct ids, and all of them are listed",
    methods: ["createTaskSpace", "listTaskSpaces"],
    features: IDS_LISTED,
    // 'id: numeric unique task-space locator' (Runtime Model); the app serves every invocation
    tags: ["serial"],
  },
  { id: "task-spaces.close.status", title: "closeTaskSpace resolves '<id> task space closed.'", methods: ["closeTaskSpace"] },
  { id: "task-spaces.close.removes", title: "a closed space disappears from listTaskSpaces (polled, close is eventually consistent)", methods: ["closeTaskSpace", "listTaskSpaces"], severity: "critical", features: ["task-space-listing-v2"] },
]);
