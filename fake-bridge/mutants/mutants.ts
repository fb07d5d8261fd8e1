/**
 * Named mutant plans, each breaking exactly the documented rule its name says, so the mutant check can
 * prove a suite notices it. Never a silent-docs choice (an unspecified detail is observed, not failed),
 * except the allowed deviations, whose check proves the run stays green.
 */
import { isNameOf, namesOf } from "../../src/tables/names-of.js";

export const MUTANTS = {
  "resolve-invalid-arguments":
    "argument errors resolve {error, error_code: 'EGO_INVALID_ARGUMENT'} (a Promise, also for the sync methods) instead of throwing a TypeError",
  "string-ids":
    "every task-space id returned by createTaskSpace, claimTaskSpace and listTaskSpaces is a string (\"7\"); useTaskSpace and claimTaskSpace also accept that string form",
  "string-ids-refused":
    "every task-space id in every answer is a string (\"7\"), and useTaskSpace and claimTaskSpace keep the documented validation (a number): a host whose ids cannot be used as it hands them out",
  "claim-not-found-rejects":
    "claimTaskSpace of an unknown id rejects an Error (its own error_code EGO_TASK_SPACE_NOT_FOUND, the message naming the id) instead of resolving the error object",
  "no-error-codes": "no failure carries an error_code (error objects, thrown and rejected Errors, onSendCDPMessageError), though the build declares the error-codes feature",
  "listtabs-ignores-user-control": "listTabs is not blocked while the user is in control; every other call is unchanged",
  "snapshot-resolves-errors": "snapshot failures resolve {error, error_code} instead of rejecting with an Error",
  "sync-cdp-error-callback": "onSendCDPMessageError is called synchronously, inside sendCDPMessage, instead of through the event loop",
  "cdp-error-callback-never-called": "a pre-send failure of sendCDPMessage is dropped: onSendCDPMessageError is never called (the message is still not sent)",
  "cdp-callbacks-call-non-functions": "onCDPMessage and onSendCDPMessageError keep any value but null and undefined, and a delivery calls it (`slot?.(...)`): a non-function throws a TypeError where the script cannot catch it",
  "inherited-error-code": "the error_code of an argument TypeError is inherited from its prototype instead of being an own property",
  "unstable-locators": "an ambiguous locator is printed as loc=unstable (refs and content) instead of being omitted",
  "claim-selects": "claimTaskSpace also selects the claimed space in the calling binding (the doc says it does not)",
  "complete-closes": "completeTaskSpace removes the space instead of leaving it listed as user-owned",
  // deviations of alternative hosts (research 3.4: the Linux and Windows host pull requests)
  "async-use-task-space": "useTaskSpace returns a Promise of the id, and the selection takes effect only when it settles (a later turn)",
  "status-objects": "task-scoped calls documented to resolve a status string resolve {done: true} instead",
  "plain-error-arguments": "argument errors are thrown as a plain Error without error_code instead of a TypeError with an own error_code",
  "malformed-browser-version": "getBrowserVersion resolves {version, revision, linuxPort: true} (no currentVersion, no updateAvailable)",
  "missing-list-profiles": "listProfiles is missing (every other profile behaviour is kept: createTaskSpace takes a profileId)",
  "claim-ignores-name": "claimTaskSpace(id, name) claims the space but ignores the new name",
  // snapshots of real pages (--pages chromium); the page model ignores these
  "ambiguous-locators-printed": "a snapshot of a real page offers a locator that matches several nodes (the duplicate links' href) instead of omitting it",
  "viewport-scope-ignored": "snapshot scope 'only_within_viewport' on a real page captures the full page",
  "interactive-only-ignored": "snapshot interactiveOnly on a real page prints every node",
  "frame-refs-omitted": "a snapshot of a real page prints the nodes inside iframes without refs (as older builds did)",
  "subtree-root-ignored": "snapshot scope 'subtree' captures the whole page instead of the root's subtree (real pages and the page model)",
  // raw CDP on real pages (--pages chromium); the page model ignores these
  "cdp-attach-crosses-spaces": "Target.attachToTarget on real pages attaches to another space's tab instead of refusing it",
  "cdp-targets-unscoped": "Target.getTargets on real pages lists every space's tabs, not only the selected space's",
  "cdp-session-crosses-spaces": "a CDP session attached in one space keeps answering after another space is selected",
  "cdp-grant-permissions-forwarded": "Browser.grantPermissions is forwarded to the browser instead of being unavailable on the app's channel",
  "geolocation-keeps-control": "a real page asking for geolocation leaves the agent in control instead of handing the space to the user (reason key location)",
  "snapshot-ignores-max-result-length": "snapshot ignores maxResultLength and returns the whole tree (the documented core of an otherwise open option)",
  "environment-forwarded": "the launcher hands the caller's environment to the script (the installed launcher only: the in-process fake has none)",
  "sdk-path-hook-differs":
    "the launcher takes --sdk-path as the SDK's package folder and imports <path>/dist/out/index.js, so a module path fails to load and the script never runs (the installed launcher only)",
  "idle-spaces-close": "an agent space nobody touched for 120 s of app time closes by itself (with the fake's time scale, a fraction of a second)",
  "racy-create-ids": "createTaskSpace reads the next id when a request arrives and writes it back when it answers: creates that overlap in time get the same id, and the later one replaces the earlier",
  "create-accepts-invalid-names":
    "createTaskSpace accepts a missing, non-string or empty name instead of throwing the TypeError, and creates a space with it: named `task <id>`, the value as a string (\"42\") or \"\"",
  // the v2 runtime's e2e on the fake
  "cdp-activate-ignored": "Target.activateTarget over raw CDP brings the page forward but leaves the space's active tab (listTabs, snapshot) where it was",
  "pending-cdp-holds-script": "a raw CDP request still unanswered when the script ends keeps the invocation running until it is answered (the app's launcher only: the in-process fake has none)",
  "refs-raw-backend-ids":
    "a snapshot of a real page prints each ref as its node's backendNodeId and gives refs no refId (as builds before the snapshot-ref requirement): an out-of-process iframe's ids repeat its page's",
  "frame-ids-omitted": "a snapshot of a real page gives the refs of nodes inside iframes no frameId, so a ref does not say which frame (renderer) owns its backendNodeId",
  "top-frame-ids-omitted":
    "a snapshot of a real page gives the top document's refs no frameId (only refs inside iframes carry one), so on a page with an out-of-process iframe, whose renderer repeats the page's backendNodeIds, the runtime's backfill cannot tell which frame owns a top-document ref",
  "popup-unlisted": "a popup a space's page opens (a target=_blank link, window.open) is left out of that space's listTabs (real pages only: it lands in no space)",
  // deviations of an independent host the harness judged wrongly (each caught by exactly its owners)
  "listtabs-unscoped-when-unselected": "listTabs with nothing selected resolves every tab of the browser instead of the NOT_SELECTED error object",
  "cdp-restarts-on-new-invocation": "on real pages, an invocation's first raw CDP message in a space restarts the browser's DevTools connections of every other invocation that holds a session in that space: their sessions end, as a launcher that relaunches the shared browser",
  "listtabs-unscoped-when-empty": "listTabs of a space with no tabs left (on real pages: all closed over CDP) resolves every tab of the browser, as a per-space filter that came out empty falling back to all",
  "blocked-create-tab-navigates": "a createTab blocked under user control answers EGO_TASK_SPACE_USER_IN_CONTROL but still navigates the space's blank tab to its url",
  "listing-closes-idle-spaces": "listTaskSpaces closes every space nobody touched for 120 s of app time (user-owned ones too) before it answers",
  "claim-new-id":
    "claimTaskSpace gives the claimed space a new id and answers that one: the space is listed under the new id from then on, its old id is not found (the page model only: real pages keep their space's old key)",
  "take-over-leaves-block": "takeOverTaskSpace answers its status string but changes nothing: a handed-off space stays agentDelegatedToUser, its calls still blocked with EGO_TASK_SPACE_USER_IN_CONTROL",
  // the reference's Complete Example: createTab(url), then snapshot() reads that page
  "create-tab-keeps-active":
    "createTab opens the tab but leaves the space's active tab where it was: listTabs still reports the earlier tab active, and snapshot reads it, not the page just opened",
  // allowed deviations: the docs are silent here, so the run must stay green (no clause owns them)
  "action-marks-by-default": "snapshot prints action marks when includeActionMarks is omitted (the doc states no default); explicit false prints none",
  "href-locators-absolute": "a snapshot of a real page prints an href locator as the link's absolute URL, also for a link of the frame's own origin (the reference states no form)",
  "snapshot-port-text-form":
    "a snapshot's content is printed as the community Linux port prints it: no `root` lines (the top nodes at no indent, a frame's nodes right under its iframe line), text nodes as unquoted `text: ...` lines, unnamed containers as `generic` (refs, their [ref=N, loc=..., url=...] brackets and two spaces a level unchanged; the reference leaves content free-form)",
  "snapshot-refs-reordered":
    "a snapshot lists its refs in reverse order of their [ref=N] lines (content unchanged; the reference shows refs as a list and states no order)",
  "space-ids-sparse":
    "task-space ids start at 70001 and step by 13 (70001, 70014, ...), as ids a build takes from elsewhere; still numbers, never reused (the reference says only that an id is a number)",
  "messages-reworded":
    "failure messages the reference does not give (EGO_TASK_SPACE_INACTIVE, EGO_WEB_CONTENTS_UNAVAILABLE, EGO_SNAPSHOT_FAILED) are worded otherwise; the documented ones ('Task space not selected', 'Task space not found: <id>', 'Profile not found', reason keys) stay",
  "ids-other-values":
    "other values of the documented id types: target ids are lower-case hex from another seed, backendNodeIds start at 50001 and step by 7, the default profile's id is `Profile 9` (the reference types the ids and fixes no value; `Default`, `Profile 2` are its examples)",
  "ref-ids-offset":
    "a snapshot of a real page numbers its refIds from 9001 by 7, so no refId equals its node's backendNodeId (the requirement asks only that a refId is unique within one snapshot)",
  "call-errors-reworded":
    "argument TypeErrors, the CDP channel's TypeError and the messages onSendCDPMessageError receives are worded otherwise; the class, the own error_code and the callback's code stay, a not-found message still names the id (the reference fixes the codes, not those words)",
  "hand-back-activates-first-tab":
    "handOffTaskSpace, takeOverTaskSpace and completeTaskSpace make the space's first tab the active one (the reference fixes the active tab only across a claim; the user may switch tabs while in control)",
  "closed-tab-activates-first":
    "when the space's active tab closes (Target.closeTarget, a page closing itself), its first remaining tab becomes active instead of its last (the reference does not say which)",
  "popup-activates":
    "a popup a space's page opens (a target=_blank link, window.open) becomes the space's active tab, for listTabs and snapshot (real pages; the reference does not say)",
  "listing-bookkeeping-moves": "every listTaskSpaces entry also carries touchedAt, the app time of that listing (the build's own bookkeeping; ownership, createdBy, id and name unchanged)",
} as const;

export type MutantName = keyof typeof MUTANTS;
export const MUTANT_NAMES: MutantName[] = namesOf(MUTANTS);

/** Checks a list of mutant names (from a CLI flag or a config file); throws on an unknown name. */
export function parseMutants(names: readonly string[]): ReadonlySet<MutantName> {
  const unknown = names.filter((n) => !isNameOf(MUTANTS, n));
  if (unknown.length > 0) {
    throw new Error(`unknown mutant ${unknown.map((n) => `'${n}'`).join(", ")} (known: ${MUTANT_NAMES.join(", ")})`);
  }
  return new Set(names as MutantName[]);
}
