/**
 * The one place where build, mutants and close delay become behaviour: every branch of the fake reads
 * a named switch of `Behaviour`, never features, open details or mutants directly.
 */
import type { Feature } from "../../src/contract/features.js";
import type { MutantName } from "../mutants/mutants.js";
import { personaBehaviour, type PersonaSwitches } from "../personas/persona-behaviour.js";

/**
 * Every switch the fake reads: the persona's (../personas/persona-behaviour.ts), the mutants', and
 * the close's delay. The persona's hrefLocatorsAbsolute is read with the page-snapshot mutants
 * (`pageSnapshotMutants.hrefLocatorsAbsolute`: the persona's open detail or the allowed deviation).
 */
export interface Behaviour extends Omit<PersonaSwitches, "hrefLocatorsAbsolute"> {
  /**
   * closeTaskSpace is eventually consistent: a closed space is unusable at once and stays listed
   * (marked closing) for this many ms before it goes (research 1.5 closeTaskSpace, Q12; 0: it
   * goes at once). Only app/app.ts `closeSpace` reads it (the operator's close goes through it
   * too); `--close-delay-ms` and the options' `closeDelayMs` set it. A run's option, not a
   * persona's: no clause's open detail observes how long the close takes (task-spaces.close.removes
   * polls until the space is gone).
   */
  readonly closeDelayMs: number;
  readonly features: ReadonlySet<Feature>;
  readonly mutants: ReadonlySet<MutantName>;

  // ---- mutants (each changes exactly one rule) ----
  readonly invalidArgumentsResolve: boolean;
  readonly stringIds: boolean;
  /** string ids are accepted back by useTaskSpace and claimTaskSpace (string-ids; not string-ids-refused) */
  readonly stringIdsAccepted: boolean;
  readonly claimNotFoundRejects: boolean;
  readonly listTabsIgnoresUserControl: boolean;
  readonly snapshotResolvesErrors: boolean;
  readonly syncCdpErrorCallback: boolean;
  /** the cdp-error-callback-never-called mutant: pre-send failures reach no callback */
  readonly cdpErrorCallbackNeverCalled: boolean;
  /** the cdp-callbacks-call-non-functions mutant: a callback slot keeps a non-function and calls it */
  readonly cdpCallbacksCallNonFunctions: boolean;
  readonly inheritedErrorCode: boolean;
  readonly claimSelects: boolean;
  readonly completeCloses: boolean;
  readonly asyncUseTaskSpace: boolean;
  readonly statusObjects: boolean;
  readonly plainErrorArguments: boolean;
  readonly malformedBrowserVersion: boolean;
  readonly missingListProfiles: boolean;
  readonly claimIgnoresName: boolean;
  /** snapshot mutants that only pages from Chromium show (fake-bridge/app/chromium-snapshot) */
  readonly pageSnapshotMutants: PageSnapshotMutants;
  /** raw CDP on real pages (--pages chromium); the page model ignores these */
  readonly cdpMutants: CdpMutants;
  /** what real pages' prompts do (--pages chromium); the page model ignores these */
  readonly promptMutants: PromptMutants;
  readonly snapshotIgnoresMaxResultLength: boolean;
  readonly environmentForwarded: boolean;
  /** Target.activateTarget over raw CDP leaves the space's active tab where it was */
  readonly cdpActivateIgnored: boolean;
  /** a pending raw CDP request keeps the script's process alive after its body ended (the app's launcher only) */
  readonly pendingCdpHoldsScript: boolean;
  /** a popup a space's page opened is left out of the space's listTabs (real pages) */
  readonly popupsUnlisted: boolean;
  /** the launcher's --sdk-path hook loads <path>/dist/out/index.js (mutant sdk-path-hook-differs) */
  readonly sdkPathHookDiffers: boolean;
  readonly idleSpacesClose: boolean;
  readonly racyCreateIds: boolean;
  /** the create-accepts-invalid-names mutant: createTaskSpace takes any name, and makes a space with it */
  readonly createAcceptsInvalidNames: boolean;
  /** listTabs with nothing selected resolves every tab of the browser (mutant listtabs-unscoped-when-unselected) */
  readonly listTabsUnscopedWhenUnselected: boolean;
  /** listTabs of a space with no tabs resolves every tab of the browser (mutant listtabs-unscoped-when-empty) */
  readonly listTabsUnscopedWhenEmpty: boolean;
  /** a createTab blocked under user control still navigates the space's blank tab (mutant blocked-create-tab-navigates) */
  readonly blockedCreateTabNavigates: boolean;
  /** listTaskSpaces closes spaces idle for 120 s of app time, user-owned ones too (mutant listing-closes-idle-spaces) */
  readonly listingClosesIdleSpaces: boolean;
  /** claimTaskSpace re-keys the claimed space under a new id and answers it (mutant claim-new-id) */
  readonly claimNewId: boolean;
  /** takeOverTaskSpace answers but leaves the space blocked (mutant take-over-leaves-block) */
  readonly takeOverLeavesBlock: boolean;
  // actionMarksByDefault (PersonaSwitches): also the mutant action-marks-by-default (allowed, the doc states no default)
  /** listing entries carry a touchedAt that moves with every listing (mutant listing-bookkeeping-moves: allowed) */
  readonly listingBookkeepingMoves: boolean;
  /** createTab leaves the space's active tab where it was (mutant create-tab-keeps-active) */
  readonly createTabKeepsActive: boolean;
  /** snapshot content in the community port's text form, page model and real pages alike (mutant snapshot-port-text-form: allowed) */
  readonly snapshotPortTextForm: boolean;
  /** snapshot refs in reverse order of their lines, page model and real pages alike (mutant snapshot-refs-reordered: allowed) */
  readonly snapshotRefsReordered: boolean;
  /** task-space ids start high and step (mutant space-ids-sparse: allowed, the reference says only that an id is a number) */
  readonly sparseSpaceIds: boolean;
  /** failure messages the reference does not give are worded otherwise (mutant messages-reworded: allowed) */
  readonly messagesReworded: boolean;
  /** other target ids, backendNodeIds and profile ids of the same types (mutant ids-other-values: allowed) */
  readonly otherIdValues: boolean;
  /** argument TypeErrors, the CDP channel's TypeError and onSendCDPMessageError worded otherwise (mutant call-errors-reworded: allowed) */
  readonly callErrorsReworded: boolean;
  /** hand-off, take-over and complete make the space's first tab active (mutant hand-back-activates-first-tab: allowed) */
  readonly handBackActivatesFirstTab: boolean;
  /** when the active tab closes, the first remaining tab becomes active (mutant closed-tab-activates-first: allowed) */
  readonly closedTabActivatesFirst: boolean;
  /** a popup a space's page opens becomes the active tab (mutant popup-activates: allowed) */
  readonly popupActivates: boolean;
}

export interface PromptMutants {
  /** a page asking for geolocation leaves the agent in control */
  readonly geolocationKeepsControl: boolean;
}

export interface CdpMutants {
  /** Target.attachToTarget (and the other targetId methods) reach any target of the browser */
  readonly attachCrossesSpaces: boolean;
  /** Target.getTargets lists every target of the browser */
  readonly targetsUnscoped: boolean;
  /** a session attached in one space keeps working after another space is selected */
  readonly sessionCrossesSpaces: boolean;
  /** Browser.grantPermissions is forwarded to the browser */
  readonly grantPermissionsForwarded: boolean;
  /** an invocation's first message in a space restarts the connections of the other invocations holding sessions there (mutant cdp-restarts-on-new-invocation) */
  readonly restartsOnNewInvocation: boolean;
}

export interface PageSnapshotMutants {
  readonly ambiguousLocatorsPrinted: boolean;
  readonly viewportScopeIgnored: boolean;
  readonly interactiveOnlyIgnored: boolean;
  readonly frameRefsOmitted: boolean;
  readonly subtreeRootIgnored: boolean;
  /** refs carry no refId and print their backendNodeId, which repeats across renderers */
  readonly refsRawBackendIds: boolean;
  /** refs of nodes inside iframes carry no frameId */
  readonly frameIdsOmitted: boolean;
  /** the top document's refs carry no frameId (on a page with an out-of-process frame the runtime's backfill cannot place them) */
  readonly topFrameIdsOmitted: boolean;
  /** refIds start at OFFSET_REF_IDS.first and step (an allowed deviation: a refId is only unique within one snapshot) */
  readonly refIdsOffset: boolean;
  /** href locators print the link's absolute URL, also for a link of the frame's own origin (an allowed deviation; also the persona's PersonaSwitches.hrefLocatorsAbsolute) */
  readonly hrefLocatorsAbsolute: boolean;
}

export interface BehaviourInput {
  /**
   * The build features to emulate. No default here: the caller names the build (createFakeBrowser
   * and FakeApp default to NEWEST_BUILD from src/contract/build-features.ts; the launcher takes the
   * app's welcome). This module is bundled into the fake `ego-browser` launcher, where the
   * build-feature table (read from disk and validated with zod at load) cannot be loaded.
   */
  features: ReadonlySet<Feature>;
  /** the open details the build chose, per unspecified clause (a persona file's `openDetails`; default: the fake's own choices) */
  openDetails?: Readonly<Record<string, string>>;
  mutants?: Iterable<MutantName>;
  /** how long a closed space stays listed (ms, default 0); see Behaviour.closeDelayMs */
  closeDelayMs?: number;
}

export function resolveBehaviour(input: BehaviourInput): Behaviour {
  const closeDelayMs = input.closeDelayMs ?? 0;
  if (!Number.isFinite(closeDelayMs) || closeDelayMs < 0) throw new Error(`closeDelayMs must be a non-negative number, got ${closeDelayMs}`);
  const features: ReadonlySet<Feature> = new Set(input.features);
  const mutants: ReadonlySet<MutantName> = new Set(input.mutants ?? []);
  const mutant = (f: MutantName) => mutants.has(f);
  const { hrefLocatorsAbsolute, ...persona } = personaBehaviour(features, input.openDetails);
  return Object.freeze({
    ...persona,
    features,
    mutants,
    closeDelayMs,
    locatorOmission: persona.locatorOmission && !mutant("unstable-locators"),
    actionMarksByDefault: persona.actionMarksByDefault || mutant("action-marks-by-default"),
    invalidArgumentsResolve: mutant("resolve-invalid-arguments"),
    stringIds: mutant("string-ids") || mutant("string-ids-refused"),
    stringIdsAccepted: mutant("string-ids"),
    claimNotFoundRejects: mutant("claim-not-found-rejects"),
    errorCodes: persona.errorCodes && !mutant("no-error-codes"),
    listTabsIgnoresUserControl: mutant("listtabs-ignores-user-control"),
    snapshotResolvesErrors: mutant("snapshot-resolves-errors"),
    syncCdpErrorCallback: mutant("sync-cdp-error-callback"),
    cdpErrorCallbackNeverCalled: mutant("cdp-error-callback-never-called"),
    cdpCallbacksCallNonFunctions: mutant("cdp-callbacks-call-non-functions"),
    inheritedErrorCode: mutant("inherited-error-code"),
    claimSelects: mutant("claim-selects"),
    completeCloses: mutant("complete-closes"),
    asyncUseTaskSpace: mutant("async-use-task-space"),
    statusObjects: mutant("status-objects"),
    plainErrorArguments: mutant("plain-error-arguments"),
    malformedBrowserVersion: mutant("malformed-browser-version"),
    missingListProfiles: mutant("missing-list-profiles"),
    claimIgnoresName: mutant("claim-ignores-name"),
    pageSnapshotMutants: Object.freeze({
      ambiguousLocatorsPrinted: mutant("ambiguous-locators-printed"),
      viewportScopeIgnored: mutant("viewport-scope-ignored"),
      interactiveOnlyIgnored: mutant("interactive-only-ignored"),
      frameRefsOmitted: mutant("frame-refs-omitted"),
      subtreeRootIgnored: mutant("subtree-root-ignored"),
      refsRawBackendIds: mutant("refs-raw-backend-ids"),
      frameIdsOmitted: mutant("frame-ids-omitted"),
      topFrameIdsOmitted: mutant("top-frame-ids-omitted"),
      hrefLocatorsAbsolute: hrefLocatorsAbsolute || mutant("href-locators-absolute"),
      refIdsOffset: mutant("ref-ids-offset"),
    }),
    cdpMutants: Object.freeze({
      attachCrossesSpaces: mutant("cdp-attach-crosses-spaces"),
      targetsUnscoped: mutant("cdp-targets-unscoped"),
      sessionCrossesSpaces: mutant("cdp-session-crosses-spaces"),
      restartsOnNewInvocation: mutant("cdp-restarts-on-new-invocation"),
      grantPermissionsForwarded: mutant("cdp-grant-permissions-forwarded"),
    }),
    promptMutants: Object.freeze({
      geolocationKeepsControl: mutant("geolocation-keeps-control"),
    }),
    snapshotIgnoresMaxResultLength: mutant("snapshot-ignores-max-result-length"),
    environmentForwarded: mutant("environment-forwarded"),
    sdkPathHookDiffers: mutant("sdk-path-hook-differs"),
    idleSpacesClose: mutant("idle-spaces-close"),
    racyCreateIds: mutant("racy-create-ids"),
    createAcceptsInvalidNames: mutant("create-accepts-invalid-names"),
    cdpActivateIgnored: mutant("cdp-activate-ignored"),
    pendingCdpHoldsScript: mutant("pending-cdp-holds-script"),
    popupsUnlisted: mutant("popup-unlisted"),
    listTabsUnscopedWhenUnselected: mutant("listtabs-unscoped-when-unselected"),
    listTabsUnscopedWhenEmpty: mutant("listtabs-unscoped-when-empty"),
    blockedCreateTabNavigates: mutant("blocked-create-tab-navigates"),
    listingClosesIdleSpaces: mutant("listing-closes-idle-spaces"),
    claimNewId: mutant("claim-new-id"),
    takeOverLeavesBlock: mutant("take-over-leaves-block"),
    listingBookkeepingMoves: mutant("listing-bookkeeping-moves"),
    createTabKeepsActive: mutant("create-tab-keeps-active"),
    snapshotPortTextForm: mutant("snapshot-port-text-form"),
    snapshotRefsReordered: mutant("snapshot-refs-reordered"),
    sparseSpaceIds: mutant("space-ids-sparse"),
    messagesReworded: mutant("messages-reworded"),
    otherIdValues: mutant("ids-other-values"),
    callErrorsReworded: mutant("call-errors-reworded"),
    handBackActivatesFirstTab: mutant("hand-back-activates-first-tab"),
    closedTabActivatesFirst: mutant("closed-tab-activates-first"),
    popupActivates: mutant("popup-activates"),
  });
}
