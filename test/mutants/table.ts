// The mutant table: every contract mutant of the fake (fake-bridge/mutants) with the clauses that
// must catch it (failed), the clauses that stand on its rule (precondition failed), and the
// deviations the docs allow, which must stay green. Read by test/mutants/mutants.test.ts, which
// runs each entry as one target of a matrix (a mutant's the whole catalogue).
import { INVALID_ARGUMENT_CASES } from "../../src/contract/index.js";
import type { PagesChoice } from "../../src/contract/pages-choice.js";

/** every argument clause: an input the doc has no rule for is still refused the documented way if at all (its core) */
const allArgumentClauses = INVALID_ARGUMENT_CASES.map((c) => c.clauseId);

export interface Expected {
  failed: string[];
  /** clauses that stand on the broken rule: precondition failed, naming the clause that owns it */
  preconditionFailed?: string[];
  why: string;
  /** also failed when the fake has real pages (the clauses that need pages ran) */
  failedWithPages?: string[];
  /** the mutant only shows on real pages: without them the check is skipped, never passed */
  pagesOnly?: boolean;
  /**
   * The verified fake: clauses whose verdict holds under the mutant but whose recorded
   * calls it changes, so a recording of the mutant differs from the plain fake's there too, judged.
   * Each makes a call the broken rule answers otherwise, and judges something else of it.
   */
  alsoDiffers?: string[];
  /** the same, on real pages only (a page clause calling what the mutant answers otherwise) */
  alsoDiffersWithPages?: string[];
  /**
   * On real pages, clauses whose calls the mutant changes in a way the recording shows only some
   * of the time, for a reason that is Chromium's, not the build's: their judged differences are
   * allowed, never required. Each entry says why.
   */
  mayDifferWithPages?: string[];
  /** every clause whose probes this method answered (a call that returned or resolved) differs at those calls and nowhere else: the mutant changes each of its answers, not its refusals */
  differsAtCallsOf?: string;
}

/**
 * Makes the documented refused createTaskSpace calls and judges only that no space of the run's
 * came of them: how a refusal is delivered (thrown or resolved, its code own or inherited) is the
 * argument clauses', and a space made from a missing or empty name carries no name of the run's.
 */
const NO_SPACE_ON_THROW = "arguments.createTaskSpace.no-space-on-throw";
/** Makes the usual failing calls (an argument error, a snapshot with nothing selected) and judges only that each code is a documented one. */
const CODES_DOCUMENTED = "error-codes.codes-are-documented";

/** Snapshots four pages, the frames page among them, and judges that each printed locator identifies its node. */
const FRAMES_LOC_UNIQUE = "snapshot.page.loc.unique";

const NO_CODE_ARGUMENT_CLAUSES = new Set(["arguments.getBrowserVersion.any-argument", "arguments.useTaskSpace.id-missing", "arguments.useTaskSpace.id-not-a-number", "arguments.useTaskSpace.extra-argument", "arguments.useTaskSpace.id-null", "arguments.useTaskSpace.id-not-integer", "arguments.useTaskSpace.id-negative", "arguments.useTaskSpace.id-nan", "arguments.listProfiles.any-argument", "arguments.createTab.url-missing", "arguments.createTab.url-not-a-string", "arguments.createTab.extra-argument", "arguments.listTabs.any-argument", "arguments.snapshot.options-not-an-object", "arguments.snapshot.extra-argument", "arguments.snapshot.scope-unknown", "arguments.snapshot.max-result-length-negative", "arguments.listTaskSpaces.any-argument", "arguments.createTaskSpace.name-missing", "arguments.createTaskSpace.name-not-a-string", "arguments.createTaskSpace.name-empty", "arguments.createTaskSpace.profileId-not-a-string", "arguments.createTaskSpace.extra-argument", "arguments.claimTaskSpace.id-missing", "arguments.claimTaskSpace.id-not-a-number", "arguments.claimTaskSpace.name-not-a-string", "arguments.claimTaskSpace.extra-argument", "arguments.claimTaskSpace.id-name-string", "arguments.closeTaskSpace.any-argument", "arguments.completeTaskSpace.any-argument", "arguments.handOffTaskSpace.any-argument", "arguments.takeOverTaskSpace.any-argument", "arguments.setAgentTaskState.state-missing", "arguments.setAgentTaskState.state-not-a-string", "arguments.setAgentTaskState.extra-argument", "arguments.animationHighlightMouseToPosition.x-missing", "arguments.animationHighlightMouseToPosition.x-not-a-number", "arguments.animationHighlightMouseToPosition.y-missing", "arguments.animationHighlightMouseToPosition.y-not-a-number", "arguments.animationHighlightMouseToPosition.extra-argument", "arguments.sendCDPMessage.message-missing", "arguments.sendCDPMessage.message-not-a-string", "arguments.sendCDPMessage.extra-argument"]);
/** Under no-error-codes: every clause that reads an error_code (the argument clauses whose TypeError must carry one, among them). */
const NO_CODE_FAILED = [
  ...allArgumentClauses.filter((id) => NO_CODE_ARGUMENT_CLAUSES.has(id)),
  "error-codes.not-selected.createTab",
  "error-codes.not-selected.listTabs",
  "error-codes.not-selected.snapshot",
  "error-codes.not-selected.closeTaskSpace",
  "error-codes.not-selected.completeTaskSpace",
  "error-codes.not-selected.handOffTaskSpace",
  "error-codes.not-selected.takeOverTaskSpace",
  "error-codes.not-selected.setAgentTaskState",
  "error-codes.not-selected.animationHighlightMouseToPosition",
  "error-codes.not-selected.sendCDPMessage",
  "error-codes.claim.not-found",
  "error-codes.close.missing-space",
  "error-codes.complete.missing-space",
  "error-codes.missing-space.code",
  "error-codes.snapshot.rejects-error",
  "error-codes.cdp.callback-arguments",
  "user-control.blocked.createTab",
  "user-control.blocked.listTabs",
  "user-control.blocked.snapshot",
  "user-control.blocked.closeTaskSpace",
  "user-control.blocked.completeTaskSpace",
  "user-control.blocked.setAgentTaskState",
  "user-control.blocked.animationHighlightMouseToPosition",
  "user-control.blocked.sendCDPMessage",
  "user-control.reason-key.is-key",
  "user-control.reason-key.hand-off",
  "user-control.reason-key.passes-through",
  "user-control.reason-key.unknown",
  "user-control.cdp.no-reason-key",
  "user-control.operator.return-control",
  "task-spaces.list.read-only",
  "task-spaces.claim.does-not-select",
  "task-context.use.per-invocation",
  "profiles.create.not-found",
  "profiles.create.name-is-not-locator",
  "cdp.send.missing-space",
];

/** A clause that runs exactly when the fake has real pages behind its tabs. */
export const PAGES_PROBE_CLAUSE = "snapshot.page.content-tree";

export const MUTANTS: Record<string, Expected> = {
  "resolve-invalid-arguments": {
    alsoDiffers: [NO_SPACE_ON_THROW, CODES_DOCUMENTED],
    why: "argument errors resolve {error, error_code} instead of throwing: every argument clause (the unspecified ones on their core: a refusal is a TypeError)",
    failed: allArgumentClauses,
  },
  "inherited-error-code": {
    alsoDiffers: [NO_SPACE_ON_THROW, CODES_DOCUMENTED],
    why: "argument TypeErrors inherit error_code from their prototype instead of owning it: every argument clause (the unspecified ones on their core)",
    failed: allArgumentClauses,
  },
  "string-ids": {
    why: "ids are strings: the numeric-id clauses, the argument clauses that must reject a string id, and the documented result shapes",
    failed: [
      "numeric-ids.create.id-is-number",
      "numeric-ids.claim.id-is-number",
      "numeric-ids.list.ids-are-numbers",
      "numeric-ids.use.returns-id",
      "arguments.useTaskSpace.id-not-a-number",
      "arguments.claimTaskSpace.id-not-a-number",
      "task-spaces.create.result-shape",
      "task-spaces.list.entry-shape",
      "task-spaces.claim.becomes-agent",
    ],
  },
  "string-ids-refused": {
    why: "ids are strings the build's own useTaskSpace refuses: the numeric-id and shape clauses fail; every clause that must select its space stands on numeric-ids.create.id-is-number",
    failed: [
      "numeric-ids.create.id-is-number",
      "numeric-ids.use.returns-id",
      "numeric-ids.status.carries-id",
      "task-spaces.create.result-shape",
      "task-spaces.claim.user-created-space",
      "task-spaces.claim.agent-owned",
    ],
    preconditionFailed: [
      // these select inside their own probes: a refused selection stops them before their own rule
      "user-control.reason-key.passes-through",
      "task-context.use.synchronous",
      "task-context.use.per-invocation",
      "task-context.use.switches",
      "snapshot.result-shape",
      "snapshot.loc.omitted-not-sentinel",
      "snapshot.viewport-scope",
      "snapshot.max-result-length",
      "snapshot.subtree",
      "cdp.browser-getversion.answered",
      "cdp.refused.grant-permissions",
      // these two passed on a space they never selected: now they cannot select it
      "cdp.callbacks.non-function-clears",
      "snapshot.create-tab.captures-new-tab",
      "numeric-ids.claim.id-is-number",
      "numeric-ids.list.ids-are-numbers",
      "numeric-ids.list.ids-unique",
      "numeric-ids.task-id.display-copy",
      "numeric-ids.lookup.by-id-after-rename",
      "error-codes.close.missing-space",
      "error-codes.complete.missing-space",
      "arguments.useTaskSpace.extra-argument",
      "arguments.claimTaskSpace.name-not-a-string",
      "arguments.claimTaskSpace.extra-argument",
      "user-control.blocked.createTab",
      "user-control.blocked.listTabs",
      "user-control.blocked.snapshot",
      "user-control.blocked.closeTaskSpace",
      "user-control.blocked.completeTaskSpace",
      "user-control.blocked.setAgentTaskState",
      "user-control.blocked.animationHighlightMouseToPosition",
      "user-control.blocked.sendCDPMessage",
      "user-control.unlisted.getBrowserVersion",
      "user-control.unlisted.useTaskSpace",
      "user-control.unlisted.listProfiles",
      "user-control.unlisted.listTaskSpaces",
      "user-control.unlisted.createTaskSpace",
      "user-control.unlisted.claimTaskSpace",
      "user-control.unlisted.handOffTaskSpace",
      "user-control.unlisted.takeOverTaskSpace",
      "user-control.reason-key.is-key",
      "user-control.reason-key.hand-off",
      "user-control.reason-key.unknown",
      "user-control.cdp.no-reason-key",
      "user-control.take-over.unblocks",
      "user-control.operator.return-control",
      "user-control.blocked.no-side-effect",
      "task-spaces.create.agent-owned",
      "task-spaces.create.does-not-select",
      "task-spaces.create.duplicate-name",
      "task-spaces.list.entry-shape",
      "task-spaces.list.read-only",
      "task-spaces.list.includes-user-spaces",
      "task-spaces.hand-off.status",
      "task-spaces.hand-off.delegated",
      "task-spaces.take-over.status",
      "task-spaces.take-over.agent",
      "task-spaces.take-over.idempotent",
      "task-spaces.hand-off.twice",
      "task-spaces.complete.status",
      "task-spaces.complete.user-owned-same-id",
      "task-spaces.claim.becomes-agent",
      "task-spaces.claim.renames",
      "task-spaces.claim.keeps-name",
      "task-spaces.claim.keeps-tabs-and-profile",
      "task-spaces.claim.does-not-select",
      "task-spaces.create.idle-stays-listed",
      "task-spaces.list.idle-user-owned-stays",
      "task-spaces.create.concurrent-distinct-ids",
      "task-spaces.close.status",
      "task-spaces.close.removes",
      "task-context.use.does-not-claim",
      "profiles.create.with-profile-id",
      "profiles.create.default-omitted",
      "profiles.create.default-empty",
      "profiles.create.default-keyword",
      "tabs.create.result",
      "tabs.list.shape",
      "tabs.list.contains-created",
      "tabs.list.scoped-to-space",
      "tabs.list.one-active",
      "task-state.set.status",
      "task-state.highlight.status",
      "cdp.send.returns-undefined",
      "cdp.send.missing-space",
      "browser-version.not-task-scoped",
    ],
  },
  "claim-not-found-rejects": {
    alsoDiffers: ["numeric-ids.not-found.message-carries-id", CODES_DOCUMENTED],
    why: "an unknown id's claim rejects (its message names the id): only the channel's clause; the message clause judges the message wherever it comes",
    failed: ["error-codes.claim.not-found"],
  },
  "no-error-codes": {
    // each makes a failing call and judges something else of it (that it failed, its message, what it left)
    alsoDiffers: [
      NO_SPACE_ON_THROW,
      "error-codes.cdp.callback-is-async",
      "numeric-ids.not-found.message-carries-id",
      "profiles.create.not-found-leaves-nothing",
      "tabs.list.scoped-to-space",
      "task-spaces.create.does-not-select",
      "task-spaces.hand-off.twice",
      "user-control.blocked.no-side-effect",
    ],
    why: "no failure carries an error_code: every clause that reads one fails; the documented-codes clause has no code to judge and stands on error-codes.not-selected.listTabs",
    failed: NO_CODE_FAILED,
    preconditionFailed: [CODES_DOCUMENTED],
  },
  "listtabs-ignores-user-control": {
    why: "listTabs is not blocked under user control: the listTabs blocking clause and the reason-key clauses read through listTabs",
    // reason-key.hand-off and reason-key.unknown on their core: listTabs must resolve USER_IN_CONTROL whatever the key
    failed: [
      "user-control.blocked.listTabs",
      "user-control.reason-key.is-key",
      "user-control.reason-key.passes-through",
      "user-control.operator.return-control",
      "user-control.reason-key.hand-off",
      "user-control.reason-key.unknown",
    ],
  },
  "snapshot-resolves-errors": {
    alsoDiffers: [CODES_DOCUMENTED],
    why: "snapshot resolves error objects instead of rejecting",
    failed: ["error-codes.not-selected.snapshot", "error-codes.snapshot.rejects-error", "user-control.blocked.snapshot", "user-control.reason-key.passes-through"],
  },
  "sync-cdp-error-callback": {
    why: "onSendCDPMessageError runs before sendCDPMessage returns",
    failed: ["error-codes.not-selected.sendCDPMessage", "error-codes.cdp.callback-is-async", "user-control.blocked.sendCDPMessage", "user-control.cdp.no-reason-key"],
  },
  "unstable-locators": {
    why: "snapshot prints loc=unstable",
    failed: ["snapshot.loc.omitted-not-sentinel"],
    failedWithPages: ["snapshot.page.loc.ambiguous-omitted"],
  },
  "ambiguous-locators-printed": {
    why: "a real page's duplicate links get a loc that matches both",
    failed: ["snapshot.page.loc.ambiguous-omitted", "snapshot.page.loc.unique"],
    pagesOnly: true,
  },
  "viewport-scope-ignored": { why: "only_within_viewport captures a real page in full", failed: ["snapshot.page.viewport-scope"], pagesOnly: true },
  "interactive-only-ignored": {
    // it asks for interactiveOnly (with every other option) and judges only the result's shape
    alsoDiffersWithPages: ["snapshot.viewport-scope"],
    why: "interactiveOnly prints every node of a real page",
    failed: ["snapshot.page.interactive-only"],
    pagesOnly: true,
  },
  "frame-refs-omitted": {
    // it snapshots the frames page too and judges the locators of the refs printed: a frame's nodes without refs have none to judge;
    // frame-known snapshots frame-refs.html while it loads and judges the frameIds its refs carry: the top document's still do
    alsoDiffersWithPages: [FRAMES_LOC_UNIQUE, "snapshot.page.refs.frame-known"],
    why: "nodes inside a real page's iframes print without refs: the clauses on frame refs' identity stand on them",
    failed: ["snapshot.page.iframe.same-origin", "snapshot.page.iframe.cross-origin"],
    preconditionFailed: ["snapshot.page.refs.unique-across-frames", "snapshot.page.refs.resolve-in-own-frame", "snapshot.page.refs.top-frame-backfill"],
    pagesOnly: true,
  },
  // on the page model too; snapshot.subtree once judged only "refs are nodes of the page, no more of them", which the whole page satisfies
  "subtree-root-ignored": { why: "subtree captures the whole page", failed: ["snapshot.subtree"], failedWithPages: ["snapshot.page.subtree"] },
  "idle-spaces-close": { why: "agent spaces close after 120 s of app time untouched (the fake's time scale makes that 2 s)", failed: ["task-spaces.create.idle-stays-listed"] },
  "racy-create-ids": { why: "overlapping creates from separate invocations get the same id", failed: ["task-spaces.create.concurrent-distinct-ids"] },
  "snapshot-ignores-max-result-length": { why: "snapshot returns the whole tree whatever maxResultLength says: the core of the otherwise open clause", failed: ["snapshot.max-result-length"] },
  "claim-selects": { why: "claimTaskSpace selects the claimed space", failed: ["task-spaces.claim.does-not-select"] },
  "complete-closes": {
    why: "completeTaskSpace closes the space: the complete clause fails, clauses standing on a user-owned space end as precondition failed",
    failed: ["task-spaces.complete.user-owned-same-id"],
    preconditionFailed: [
      "numeric-ids.claim.id-is-number",
      "numeric-ids.list.ids-are-numbers",
      "numeric-ids.task-id.display-copy",
      "numeric-ids.lookup.by-id-after-rename",
      "task-spaces.list.entry-shape",
      "task-spaces.list.read-only",
      "task-spaces.list.idle-user-owned-stays", // its user-owned space is made by completing one
      "task-spaces.claim.becomes-agent",
      "task-spaces.claim.renames",
      "task-spaces.claim.keeps-name",
      "task-spaces.claim.keeps-tabs-and-profile",
      "task-spaces.claim.does-not-select",
      "task-context.use.does-not-claim",
    ],
  },
  // raw CDP on real pages (skipped where no browser is installed: the clauses would not apply)
  "cdp-attach-crosses-spaces": { why: "a CDP attach reaches another space's tab", failed: ["cdp.isolation.attach-other-space-refused"], pagesOnly: true },
  "cdp-targets-unscoped": { why: "Target.getTargets lists other spaces' tabs", failed: ["cdp.isolation.targets-scoped"], pagesOnly: true },
  "cdp-session-crosses-spaces": { why: "a CDP session keeps working in another space", failed: ["cdp.isolation.session-stays-in-space"], pagesOnly: true },
  // the vacuous pass: a clause that watches a callback not being called must first see it called
  "cdp-error-callback-never-called": {
    why: "pre-send failures reach no callback: every clause that reads onSendCDPMessageError fails, and the non-function clause cannot tell a cleared callback from one never called",
    failed: ["error-codes.not-selected.sendCDPMessage", "error-codes.cdp.callback-is-async", "error-codes.cdp.callback-arguments", "user-control.blocked.sendCDPMessage", "user-control.cdp.no-reason-key", "cdp.send.missing-space"],
    preconditionFailed: ["cdp.callbacks.non-function-clears"],
  },
  "cdp-callbacks-call-non-functions": {
    why: "a callback slot keeps 42 and a delivery calls it: a TypeError the script cannot catch",
    failed: ["cdp.callbacks.non-function-clears"],
  },
  "geolocation-keeps-control": {
    why: "a page asking for geolocation does not hand the space over: the hand-over clause fails, answering the prompt stands on it",
    failed: ["user-control.prompt.location"],
    preconditionFailed: ["user-control.prompt.operator-answers"],
    pagesOnly: true,
  },
};

// Deviations of alternative hosts: each is caught by exactly the clauses that own its
// rule; a clause that stands on it ends precondition-failed naming its owner; nothing is broken.
// every argument clause: the unspecified ones on their core (a refusal is a TypeError with its own code)
const argumentClauses = allArgumentClauses;
Object.assign(MUTANTS, {
  "async-use-task-space": {
    // every answer of useTaskSpace is a Promise (the harness awaits it): each clause the plain fake answered through it differs at those calls
    differsAtCallsOf: "useTaskSpace",
    // it selects the new space without awaiting useTaskSpace and lists at once: that listing finds nothing selected yet; it judges the listing before the selection
    alsoDiffers: ["task-spaces.create.does-not-select"],
    why: "useTaskSpace returns a Promise: the clauses of useTaskSpace whose core is its synchronous answer (the harness awaits its own selections)",
    failed: ["task-context.use.synchronous", "user-control.unlisted.useTaskSpace"],
  },
  "plain-error-arguments": {
    alsoDiffers: [NO_SPACE_ON_THROW, "error-codes.codes-are-documented"],
    // error-codes.codes-are-documented judges only the codes it sees: an argument error without one is the argument clauses' to fail
    why: "argument errors are plain Errors without error_code: every documented argument clause",
    failed: [...argumentClauses],
  },
  "malformed-browser-version": {
    // the reader survives the shape (its clause), and the unlisted clause judges only that the call is not blocked
    alsoDiffers: ["browser-version.reader.never-crashes", "user-control.unlisted.getBrowserVersion"],
    why: "getBrowserVersion answers in another shape: the browser-version clauses (the reader survives; that is not conformance)",
    failed: ["browser-version.result-shape", "browser-version.not-task-scoped", "browser-version.four-part", "browser-version.reader.available"],
  },
  "missing-list-profiles": {
    why: "listProfiles is missing: its clauses fail as a missing method, the profile clauses standing on it end precondition-failed naming profiles.list.shape",
    failed: ["arguments.listProfiles.any-argument", "profiles.list.shape", "profiles.list.unique-ids", "profiles.list.one-default", "user-control.unlisted.listProfiles"],
    preconditionFailed: ["profiles.create.with-profile-id", "profiles.create.default-omitted", "profiles.create.default-empty", "profiles.create.default-keyword", "profiles.create.name-is-not-locator"],
  },
  "claim-ignores-name": { why: "a claim keeps the old name: the rename clauses", failed: ["numeric-ids.task-id.display-copy", "numeric-ids.lookup.by-id-after-rename", "task-spaces.claim.renames"] },
  // the bad names make spaces (`task <id>`, "42", ""); the argument clauses own that, and the run closes them (test/installed/probe-spaces.test.ts)
  "create-accepts-invalid-names": {
    alsoDiffers: [NO_SPACE_ON_THROW],
    why: "createTaskSpace makes spaces from a missing, non-string or empty name: its documented argument clauses",
    failed: ["arguments.createTaskSpace.name-missing", "arguments.createTaskSpace.name-not-a-string", "arguments.createTaskSpace.name-empty"],
  },
} satisfies Record<string, Expected>);

// Defects the v2 runtime's own e2e found on the fake: each rule a real build could break too.
Object.assign(MUTANTS, {
  "popup-unlisted": { why: "a popup opened by a space's target=_blank link is not listed in that space", failed: ["tabs.popup.in-opener-space"], pagesOnly: true },
  "refs-raw-backend-ids": {
    // every snapshot's refs lose their refId: each clause the plain fake answered a snapshot differs at those calls
    differsAtCallsOf: "snapshot",
    why: "refs print their backendNodeId and carry no refId: the out-of-process frame's refs repeat the page's",
    failed: ["snapshot.page.refs.unique-across-frames"],
    pagesOnly: true,
  },
  "frame-ids-omitted": {
    // they snapshot a page with iframes and judge what is printed where, locators and refIds. A frameId is free text
    // (never judged); without it the recording numbers an out-of-process frame's node ids as the page's (normalised per
    // frame), so the backendNodeIds differ, judged, only where the frame's renderer gave its nodes ids the page's
    // renderer also gave. Which renderer process hosts which frame, and how far each has counted, is Chromium's: a
    // fresh-clone CI run saw loc.unique's calls equal to the plain fake's (the other three differed). May, not must.
    mayDifferWithPages: ["snapshot.page.iframe.same-origin", "snapshot.page.iframe.cross-origin", FRAMES_LOC_UNIQUE, "snapshot.page.refs.unique-across-frames"],
    why: "refs of nodes inside iframes carry no frameId: a ref does not say which frame owns it",
    failed: ["snapshot.page.refs.resolve-in-own-frame"],
    pagesOnly: true,
  },
  "top-frame-ids-omitted": {
    // a frameId is free text (never judged), and the recording numbers the top document's node ids alike with or
    // without one (per frame, in order): only the clause that resolves top-document refs as the runtime backfills them sees it
    why: "the top document's refs carry no frameId: on a page with an out-of-process iframe, whose renderer repeats the page's backendNodeIds, the runtime's backfill finds no single owner",
    failed: ["snapshot.page.refs.top-frame-backfill"],
    pagesOnly: true,
  },
} satisfies Record<string, Expected>);

// Deviations of an independent host the clauses once passed; each now fails exactly its owners.
Object.assign(MUTANTS, {
  "listtabs-unscoped-when-unselected": {
    // it lists tabs before selecting anything and judges the selection by useTaskSpace's answer, not by NOT_SELECTED;
    // codes-are-documented sees one code fewer (it judges the codes it sees, all documented)
    alsoDiffers: ["task-spaces.create.does-not-select", "error-codes.codes-are-documented"],
    why: "listTabs with nothing selected lists the whole browser: the scoping clause, and the clauses that judge 'nothing selected' (or 'selects nothing') by listTabs' NOT_SELECTED answer",
    failed: [
      "tabs.list.scoped-to-space",
      "error-codes.not-selected.listTabs",
      "task-context.use.per-invocation",
      "task-spaces.list.read-only",
      "task-spaces.claim.does-not-select",
    ],
  },
  "cdp-restarts-on-new-invocation": { why: "a new invocation's CDP channel ends the sessions another invocation holds in that space", failed: ["cdp.session.survives-other-invocation"], pagesOnly: true },
  "listtabs-unscoped-when-empty": { why: "a space whose tabs were all closed lists the whole browser's tabs", failed: ["tabs.list.scoped-empty-space"], pagesOnly: true },
  "blocked-create-tab-navigates": { why: "a blocked createTab sends the space's blank tab to its url", failed: ["user-control.blocked.no-side-effect"] },
  "listing-closes-idle-spaces": {
    why: "a listing closes spaces idle for 120 s of app time, user-owned ones too: both idle clauses (an agent space, a completed one)",
    failed: ["task-spaces.create.idle-stays-listed", "task-spaces.list.idle-user-owned-stays"],
  },
  // the harness's own setup and cleanup lean on these rules; test/installed/mutant-verdicts.test.ts runs them through --target installed too
  "claim-new-id": {
    // both claim and then judge something other than the id answered (the selection, that the call is not blocked)
    alsoDiffers: ["task-spaces.claim.does-not-select", "user-control.unlisted.claimTaskSpace"],
    why: "a claim moves the space to a new id and answers that one: every clause that judges the claimed space by its id (the claim clauses, the rename lookups); cleanup follows the answered id where the listing shows it under the space's name",
    failed: [
      "numeric-ids.claim.id-is-number",
      "numeric-ids.lookup.by-id-after-rename",
      "numeric-ids.task-id.display-copy",
      "task-spaces.claim.becomes-agent",
      "task-spaces.claim.renames",
      "task-spaces.claim.keeps-name",
      "task-spaces.claim.keeps-tabs-and-profile",
      "task-spaces.claim.user-created-space",
      "task-spaces.claim.agent-owned",
    ],
  },
  "take-over-leaves-block": {
    why: "takeOverTaskSpace answers and leaves the space blocked: the take-over clauses fail; what stands on a take-over (a cleanup that closes a handed-off space, a clause that takes back its space to look) ends precondition failed naming user-control.take-over.unblocks",
    failed: ["task-spaces.take-over.agent", "user-control.take-over.unblocks"],
    preconditionFailed: [
      // a take-over in the body, then a call that needs the space back
      "numeric-ids.status.carries-id",
      "user-control.blocked.no-side-effect",
      // the cleanup closes a handed-off (or operator-blocked) space after a take-over
      "browser-version.not-task-scoped",
      "task-spaces.hand-off.delegated",
      "task-spaces.hand-off.status",
      "task-spaces.hand-off.twice",
      "task-spaces.list.entry-shape",
      "task-spaces.take-over.status",
      "user-control.blocked.animationHighlightMouseToPosition",
      "user-control.blocked.closeTaskSpace",
      "user-control.blocked.completeTaskSpace",
      "user-control.blocked.createTab",
      "user-control.blocked.listTabs",
      "user-control.blocked.sendCDPMessage",
      "user-control.blocked.setAgentTaskState",
      "user-control.blocked.snapshot",
      "user-control.cdp.no-reason-key",
      "user-control.reason-key.hand-off",
      "user-control.reason-key.is-key",
      "user-control.reason-key.passes-through",
      "user-control.reason-key.unknown",
      "user-control.unlisted.createTaskSpace",
      "user-control.unlisted.getBrowserVersion",
      "user-control.unlisted.handOffTaskSpace",
      "user-control.unlisted.listProfiles",
      "user-control.unlisted.listTaskSpaces",
      "user-control.unlisted.takeOverTaskSpace",
      "user-control.unlisted.useTaskSpace",
    ],
  },
} satisfies Record<string, Expected>);

// The reference's Complete Example (createTab(url), then snapshot()): the clauses that snapshot a page they opened stand on it.
Object.assign(MUTANTS, {
  "create-tab-keeps-active": {
    // they create tabs and list them: the listing's active flags differ; which tab is active after createTab is
    // tabs.list.one-active's open detail, and the others judge the tabs' presence, urls and that a claim keeps them
    alsoDiffers: ["tabs.list.contains-created", "tabs.list.one-active", "tabs.list.scoped-to-space", "task-spaces.claim.keeps-tabs-and-profile"],
    why: "createTab leaves the earlier tab active: a snapshot after it reads the blank tab; the clauses that snapshot the page they opened end precondition failed naming it (on real pages every snapshot.page clause too)",
    failed: ["snapshot.create-tab.captures-new-tab"],
    preconditionFailed: ["snapshot.result-shape", "snapshot.loc.omitted-not-sentinel", "snapshot.viewport-scope", "snapshot.max-result-length", "snapshot.subtree"],
  },
} satisfies Record<string, Expected>);

/**
 * Deviations the docs allow (an independent host once failed on them falsely): the run must stay
 * green (expected: no clause fails, breaks or stays without a result; the `observed` ones end
 * unspecified). Each runs on the clauses it could touch (its areas), on real pages where it shows there.
 */
export const ALLOWED: Record<string, { areas: string[]; pages: PagesChoice; why: string; observed: string[] }> = {
  "action-marks-by-default": {
    areas: ["snapshot"],
    pages: "chromium",
    why: "marks printed when includeActionMarks is omitted: the doc states no default, so the clause judges true against false and observes the default",
    observed: ["snapshot.page.action-marks"],
  },
  // the fake's old form; the reference states none, so the form is the clause's open detail
  "href-locators-absolute": {
    areas: ["snapshot"],
    pages: "chromium",
    why: "href locators print a same-origin link's absolute URL: the reference states no form, so the clause judges that the loc names the link and observes the form",
    observed: ["snapshot.page.loc.href-form"],
  },
  // the reference names no refused CDP method (research Q21): the clause judges that the call is answered
  "cdp-grant-permissions-forwarded": {
    areas: ["cdp"],
    pages: "chromium",
    why: "Browser.grantPermissions is forwarded and answered with a result: the reference names no refused method, so the clause judges the answer and observes the refusal",
    observed: ["cdp.refused.grant-permissions"],
  },
  // the reference states neither what activateTarget does to the space nor which tab snapshot reads
  "cdp-activate-ignored": {
    areas: ["tabs"],
    pages: "chromium",
    why: "Target.activateTarget is answered but leaves the active tab where it was: the clause judges the answer and observes which tab listTabs and snapshot read",
    observed: ["tabs.cdp-activate.active-tab"],
  },
  // the community Linux port's form: a wait for the JSON-quoted end text once ended every snapshot clause precondition failed
  "snapshot-port-text-form": {
    // tabs: tabs.cdp-activate.active-tab reads which page a snapshot shows
    areas: ["snapshot", "tabs"],
    pages: "chromium",
    why: "content in the port's text form (no root lines, unquoted `text: ...`, `generic`): the reference leaves content free-form, so clauses read only the refs, their [ref=N] brackets and the page's text, and observe the rest",
    observed: ["snapshot.page.content-tree", "snapshot.page.iframe.same-origin", "snapshot.page.iframe.cross-origin"],
  },
  // the reference shows refs as a list and states no order: a ref's line is the one printing its id
  "snapshot-refs-reordered": {
    areas: ["snapshot"],
    pages: "chromium",
    why: "refs listed in reverse order of their [ref=N] lines: clauses pair a ref with the line that prints its id, never by position",
    observed: [],
  },
  // every area: an id is in most answers, and many clauses look a space up by it
  "space-ids-sparse": {
    areas: [],
    pages: "model",
    why: "task-space ids start at 70001 and step by 13: the reference says only that an id is a number (and the locator the API takes), so no clause may expect 1, 2, 3",
    observed: [],
  },
  "messages-reworded": {
    areas: [],
    pages: "model",
    why: "messages the reference does not give are worded otherwise: a clause judges a message only where the reference gives it (or the id it must name)",
    observed: [],
  },
  // every area: target ids, node ids and profile ids are in many answers, and clauses look things up by them
  "ids-other-values": {
    areas: [],
    pages: "model",
    why: "other target ids, backendNodeIds from 50001 by 7, a default profile not called Default: the reference types these ids and fixes no value, so no clause may expect the fake's",
    observed: [],
  },
  // a refId is what [ref=N] prints on real pages; subtree's root is a backendNodeId
  "ref-ids-offset": {
    areas: ["snapshot"],
    pages: "chromium",
    why: "refIds from 9001 by 7, so none equals its node's backendNodeId: the requirement asks only that a refId is unique within one snapshot, so clauses pair a ref by the id it prints and never take one for the other",
    observed: [],
  },
  "call-errors-reworded": {
    areas: [],
    pages: "model",
    why: "argument TypeErrors, the CDP channel's TypeError and onSendCDPMessageError's messages worded otherwise: the reference fixes the class and the codes, so a clause judges those, never the words",
    observed: [],
  },
  // every area: hand-off, take-over and complete are how many clauses set a space up
  "hand-back-activates-first-tab": {
    areas: [],
    pages: "model",
    why: "hand-off, take-over and complete make the first tab active: the reference fixes the active tab only across a claim, so no clause may expect it kept across a change of hands",
    // it compares the active tab before complete with the one after the claim
    observed: ["task-spaces.claim.keeps-tabs-and-profile"],
  },
  // closing tabs over CDP needs real pages; snapshot: its page clauses read the active tab, and show that pages ran
  "closed-tab-activates-first": {
    areas: ["tabs", "snapshot"],
    pages: "chromium",
    why: "when the active tab closes the first remaining tab becomes active: the reference does not say which, so no clause may expect the last",
    observed: [],
  },
  // popups need real pages; snapshot: its page clauses read the active tab, and show that pages ran
  "popup-activates": {
    areas: ["tabs", "snapshot"],
    pages: "chromium",
    why: "a popup a page opens becomes the active tab: the reference does not say, so no clause may expect the opener to stay active",
    observed: [],
  },
  "listing-bookkeeping-moves": {
    areas: ["task-context"],
    pages: "model",
    why: "listing entries carry a touchedAt that moves: useTaskSpace still claims nothing (ownership, createdBy, id and name are what a claim changes)",
    observed: [],
  },
};
