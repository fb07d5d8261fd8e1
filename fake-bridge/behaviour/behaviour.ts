/**
 * The one place where "which build, which faults, which close delay" becomes behaviour. Every
 * branch in the fake that depends on a build (a persona: its features and open details), on a
 * fault plan (../faults) or on the close's delay reads a named switch of `Behaviour`, never the
 * feature set, the open details or the fault list directly. What a persona switches is
 * ../personas/persona-behaviour.ts (`personaBehaviour`); this module adds the faults and the
 * close's eventual consistency (`closeDelayMs`).
 */
import type { Feature } from "../../src/contract/features.js";
import type { FaultName } from "../faults/faults.js";
import { personaBehaviour, type PersonaSwitches } from "../personas/persona-behaviour.js";

/**
 * Every switch the fake reads: the persona's (../personas/persona-behaviour.ts), the faults', and
 * the close's delay. The persona's hrefLocatorsAbsolute is read with the page-snapshot faults
 * (`pageSnapshotFaults.hrefLocatorsAbsolute`: the persona's open detail or the allowed deviation).
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
  readonly faults: ReadonlySet<FaultName>;

  // ---- faults (each changes exactly one rule) ----
  readonly invalidArgumentsResolve: boolean;
  readonly stringIds: boolean;
  readonly listTabsIgnoresUserControl: boolean;
  readonly snapshotResolvesErrors: boolean;
  readonly syncCdpErrorCallback: boolean;
  readonly inheritedErrorCode: boolean;
  readonly claimSelects: boolean;
  readonly completeCloses: boolean;
  readonly asyncUseTaskSpace: boolean;
  readonly statusObjects: boolean;
  readonly plainErrorArguments: boolean;
  readonly malformedBrowserVersion: boolean;
  readonly missingListProfiles: boolean;
  readonly claimIgnoresName: boolean;
  /** snapshot faults that only pages from Chromium show (fake-bridge/app/page-snapshot) */
  readonly pageSnapshotFaults: PageSnapshotFaults;
  /** raw CDP on real pages (--pages chromium); the page model ignores these */
  readonly cdpFaults: CdpFaults;
  /** what real pages' prompts do (--pages chromium); the page model ignores these */
  readonly promptFaults: PromptFaults;
  readonly snapshotIgnoresMaxResultLength: boolean;
  readonly environmentForwarded: boolean;
  /** Target.activateTarget over raw CDP leaves the space's active tab where it was */
  readonly cdpActivateIgnored: boolean;
  /** a pending raw CDP request keeps the script's process alive after its body ended (the app's launcher only) */
  readonly pendingCdpHoldsScript: boolean;
  /** a popup a space's page opened is left out of the space's listTabs (real pages) */
  readonly popupsUnlisted: boolean;
  /** the launcher's --sdk-path hook loads <path>/dist/out/index.js (fault sdk-path-hook-differs) */
  readonly sdkPathHookDiffers: boolean;
  readonly idleSpacesClose: boolean;
  readonly racyCreateIds: boolean;
  /** the create-accepts-invalid-names fault: createTaskSpace takes any name, and makes a space with it */
  readonly createAcceptsInvalidNames: boolean;
  /** listTabs with nothing selected resolves every tab of the browser (fault listtabs-unscoped-when-unselected) */
  readonly listTabsUnscopedWhenUnselected: boolean;
  /** listTabs of a space with no tabs resolves every tab of the browser (fault listtabs-unscoped-when-empty) */
  readonly listTabsUnscopedWhenEmpty: boolean;
  /** a createTab blocked under user control still navigates the space's blank tab (fault blocked-create-tab-navigates) */
  readonly blockedCreateTabNavigates: boolean;
  /** listTaskSpaces closes spaces idle for 120 s of app time, user-owned ones too (fault listing-closes-idle-spaces) */
  readonly listingClosesIdleSpaces: boolean;
  /** claimTaskSpace re-keys the claimed space under a new id and answers it (fault claim-new-id) */
  readonly claimNewId: boolean;
  /** takeOverTaskSpace answers but leaves the space blocked (fault take-over-leaves-block) */
  readonly takeOverLeavesBlock: boolean;
  // actionMarksByDefault (PersonaSwitches): also the fault action-marks-by-default (allowed, the doc states no default)
  /** listing entries carry a touchedAt that moves with every listing (fault listing-bookkeeping-moves: allowed) */
  readonly listingBookkeepingMoves: boolean;
}

export interface PromptFaults {
  /** a page asking for geolocation leaves the agent in control */
  readonly geolocationKeepsControl: boolean;
}

export interface CdpFaults {
  /** Target.attachToTarget (and the other targetId methods) reach any target of the browser */
  readonly attachCrossesSpaces: boolean;
  /** Target.getTargets lists every target of the browser */
  readonly targetsUnscoped: boolean;
  /** a session attached in one space keeps working after another space is selected */
  readonly sessionCrossesSpaces: boolean;
  /** Browser.grantPermissions is forwarded to the browser */
  readonly grantPermissionsForwarded: boolean;
  /** an invocation's first message in a space restarts the connections of the other invocations holding sessions there (fault cdp-restarts-on-new-invocation) */
  readonly restartsOnNewInvocation: boolean;
}

export interface PageSnapshotFaults {
  readonly ambiguousLocatorsPrinted: boolean;
  readonly viewportScopeIgnored: boolean;
  readonly interactiveOnlyIgnored: boolean;
  readonly frameRefsOmitted: boolean;
  readonly subtreeRootIgnored: boolean;
  /** refs carry no refId and print their backendNodeId, which repeats across renderers (issue 21) */
  readonly refsRawBackendIds: boolean;
  /** refs of nodes inside iframes carry no frameId (issue 21) */
  readonly frameIdsOmitted: boolean;
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
  faults?: Iterable<FaultName>;
  /** how long a closed space stays listed (ms, default 0); see Behaviour.closeDelayMs */
  closeDelayMs?: number;
}

export function resolveBehaviour(input: BehaviourInput): Behaviour {
  const closeDelayMs = input.closeDelayMs ?? 0;
  if (!Number.isFinite(closeDelayMs) || closeDelayMs < 0) throw new Error(`closeDelayMs must be a non-negative number, got ${closeDelayMs}`);
  const features: ReadonlySet<Feature> = new Set(input.features);
  const faults: ReadonlySet<FaultName> = new Set(input.faults ?? []);
  const fault = (f: FaultName) => faults.has(f);
  const { hrefLocatorsAbsolute, ...persona } = personaBehaviour(features, input.openDetails);
  return Object.freeze({
    ...persona,
    features,
    faults,
    closeDelayMs,
    locatorOmission: persona.locatorOmission && !fault("unstable-locators"),
    actionMarksByDefault: persona.actionMarksByDefault || fault("action-marks-by-default"),
    invalidArgumentsResolve: fault("resolve-invalid-arguments"),
    stringIds: fault("string-ids"),
    listTabsIgnoresUserControl: fault("listtabs-ignores-user-control"),
    snapshotResolvesErrors: fault("snapshot-resolves-errors"),
    syncCdpErrorCallback: fault("sync-cdp-error-callback"),
    inheritedErrorCode: fault("inherited-error-code"),
    claimSelects: fault("claim-selects"),
    completeCloses: fault("complete-closes"),
    asyncUseTaskSpace: fault("async-use-task-space"),
    statusObjects: fault("status-objects"),
    plainErrorArguments: fault("plain-error-arguments"),
    malformedBrowserVersion: fault("malformed-browser-version"),
    missingListProfiles: fault("missing-list-profiles"),
    claimIgnoresName: fault("claim-ignores-name"),
    pageSnapshotFaults: Object.freeze({
      ambiguousLocatorsPrinted: fault("ambiguous-locators-printed"),
      viewportScopeIgnored: fault("viewport-scope-ignored"),
      interactiveOnlyIgnored: fault("interactive-only-ignored"),
      frameRefsOmitted: fault("frame-refs-omitted"),
      subtreeRootIgnored: fault("subtree-root-ignored"),
      refsRawBackendIds: fault("refs-raw-backend-ids"),
      frameIdsOmitted: fault("frame-ids-omitted"),
      hrefLocatorsAbsolute: hrefLocatorsAbsolute || fault("href-locators-absolute"),
    }),
    cdpFaults: Object.freeze({
      attachCrossesSpaces: fault("cdp-attach-crosses-spaces"),
      targetsUnscoped: fault("cdp-targets-unscoped"),
      sessionCrossesSpaces: fault("cdp-session-crosses-spaces"),
      restartsOnNewInvocation: fault("cdp-restarts-on-new-invocation"),
      grantPermissionsForwarded: fault("cdp-grant-permissions-forwarded"),
    }),
    promptFaults: Object.freeze({
      geolocationKeepsControl: fault("geolocation-keeps-control"),
    }),
    snapshotIgnoresMaxResultLength: fault("snapshot-ignores-max-result-length"),
    environmentForwarded: fault("environment-forwarded"),
    sdkPathHookDiffers: fault("sdk-path-hook-differs"),
    idleSpacesClose: fault("idle-spaces-close"),
    racyCreateIds: fault("racy-create-ids"),
    createAcceptsInvalidNames: fault("create-accepts-invalid-names"),
    cdpActivateIgnored: fault("cdp-activate-ignored"),
    pendingCdpHoldsScript: fault("pending-cdp-holds-script"),
    popupsUnlisted: fault("popup-unlisted"),
    listTabsUnscopedWhenUnselected: fault("listtabs-unscoped-when-unselected"),
    listTabsUnscopedWhenEmpty: fault("listtabs-unscoped-when-empty"),
    blockedCreateTabNavigates: fault("blocked-create-tab-navigates"),
    listingClosesIdleSpaces: fault("listing-closes-idle-spaces"),
    claimNewId: fault("claim-new-id"),
    takeOverLeavesBlock: fault("take-over-leaves-block"),
    listingBookkeepingMoves: fault("listing-bookkeeping-moves"),
  });
}
