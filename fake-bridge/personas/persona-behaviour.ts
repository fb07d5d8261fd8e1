/**
 * The one file that maps a persona's features and open details to the fake's behaviour switches.
 * Bundled into the fake `ego-browser` launcher, so it imports nothing that reads a file.
 */
import type { Feature } from "../../src/contract/features.js";
import { DIALOG_FALLBACK_REASON_KEY } from "../../src/contract/reason-keys.js";

/** A build's switches: what its features and its open details make the fake do. */
export interface PersonaSwitches {
  // ---- build features (src/contract/features.ts) ----
  /** `error_code` on every failure channel (without it: `{error}`, plain Errors, callback gets the message only) */
  readonly errorCodes: boolean;
  /** numeric ids; without it spaces are located by their name (useTaskSpace(taskId), claimTaskSpace(name)) */
  readonly numericIds: boolean;
  /** listTaskSpaces resolves `{taskSpaces:[...]}` entries; without it `{taskIds:[names]}` */
  readonly listingV2: boolean;
  /** a handed-off space is listed as agentDelegatedToUser; without it it is still listed as agent */
  readonly delegatedOwnership: boolean;
  /** the getBrowserVersion method exists */
  readonly browserVersionMethod: boolean;
  /** listProfiles exists, createTaskSpace takes profileId, listing entries carry the profile */
  readonly profiles: boolean;
  /** USER_IN_CONTROL carries a reason key; without it a display sentence (app/reasons.ts) */
  readonly reasonKeys: boolean;
  /** an ambiguous locator is omitted; otherwise printed as `unstable` */
  readonly locatorOmission: boolean;
  /** snapshot scope 'subtree' exists */
  readonly snapshotSubtree: boolean;
  /** CDP Browser.getVersion is answered; otherwise it is an unknown CDP method */
  readonly cdpBrowserGetVersion: boolean;
  /**
   * The reason a page's JS dialog hands the space over with, or undefined: it stays with the agent
   * (research 1.7). Builds with the dialog fallback key, and builds before reason keys, hand over
   * with fallback_site_dialog_required_notice; current builds keep the agent in control. The
   * operator raises any reason key verbatim, so `dialog-fallback-key` needs no other switch.
   */
  readonly dialogReasonKey: string | undefined;

  // ---- open details (OPEN_DETAIL_SWITCHES) ----
  /** snapshot prints action marks when includeActionMarks is omitted */
  readonly actionMarksByDefault: boolean;
  /** href locators print the link's absolute URL, also for a link of the frame's own origin (real pages) */
  readonly hrefLocatorsAbsolute: boolean;
}

type OpenDetailSwitch = "actionMarksByDefault" | "hrefLocatorsAbsolute";

/**
 * The open details the fake plays either way: per unspecified clause, the switch that makes the
 * fake choose otherwise than its own choice (the clause's `unspecified.choice`), what it then
 * does, and why that is a choice a build may make (the basis). An open detail recorded
 * `differs-from-the-fake` at a clause listed here sets the switch; `as-the-fake-chose` leaves it
 * off. At any other unspecified clause the fake has one choice only (its features may still make
 * it differ there: without reason-keys, an unknown cause is a sentence), so a recording that
 * differs there shows up in verify-fake and diff as an open-detail difference.
 * The mutant check's allowed deviations (../mutants: action-marks-by-default,
 * href-locators-absolute) set the same switches.
 */
export const OPEN_DETAIL_SWITCHES: Readonly<Record<string, { switch: OpenDetailSwitch; plays: string; basis: string }>> = {
  "snapshot.page.action-marks": {
    switch: "actionMarksByDefault",
    plays: "action marks when includeActionMarks is omitted (explicit false prints none)",
    basis: "native-bindings-api.md Snapshot names includeActionMarks but states no default; research Q28",
  },
  "snapshot.page.loc.href-form": {
    switch: "hrefLocatorsAbsolute",
    plays: "an href locator is the link's absolute URL, also for a link into the frame's own origin (the fake's earlier form)",
    basis: "the reference names href: locators but no form; research Q26 (both forms are what the v2 runtime resolves)",
  },
};

/** The switches of a build with these features that chose these open details (clause id -> outcome). */
export function personaBehaviour(features: ReadonlySet<Feature>, openDetails: Readonly<Record<string, string>> = {}): PersonaSwitches {
  const has = (f: Feature) => features.has(f);
  const otherwise = (s: OpenDetailSwitch) => Object.entries(OPEN_DETAIL_SWITCHES).some(([clause, d]) => d.switch === s && openDetails[clause] === "differs-from-the-fake");
  return {
    errorCodes: has("error-codes"),
    numericIds: has("numeric-ids"),
    listingV2: has("task-space-listing-v2"),
    delegatedOwnership: has("delegated-ownership"),
    browserVersionMethod: has("browser-version"),
    profiles: has("profiles"),
    reasonKeys: has("reason-keys"),
    locatorOmission: has("locator-omission"),
    snapshotSubtree: has("snapshot-subtree"),
    cdpBrowserGetVersion: has("cdp-browser-getversion"),
    dialogReasonKey: has("dialog-fallback-key") || !has("reason-keys") ? DIALOG_FALLBACK_REASON_KEY : undefined,
    actionMarksByDefault: otherwise("actionMarksByDefault"),
    hrefLocatorsAbsolute: otherwise("hrefLocatorsAbsolute"),
  };
}
