/**
 * The controlled list of build features a clause may require (test262's features.txt, keyed to
 * ../shared/design/VERSIONS.md). A clause that needs a feature the target's build lacks is
 * not applicable there: skipped with the reason, never failed.
 */
import { z } from "zod";

export const FEATURES = {
  "task-space-listing-v2": "listTaskSpaces() resolves {taskSpaces:[...]} with createdBy, ownership, recentTabTitles",
  "numeric-ids": "numeric task-space ids: useTaskSpace(id:number), claimTaskSpace(id, name?), id-bearing status strings",
  "error-codes": "every failure carries a stable error_code; snapshot() rejects with Error.error_code",
  "delegated-ownership": "ownership 'agentDelegatedToUser' while a space is handed off",
  "browser-version": "getBrowserVersion() -> {currentVersion, updateAvailable}",
  profiles: "listProfiles(), createTaskSpace(name, profileId?), EGO_PROFILE_NOT_FOUND",
  "reason-keys": "the error of EGO_TASK_SPACE_USER_IN_CONTROL is a stable reason key",
  "dialog-fallback-key": "the reason key fallback_site_dialog_required_notice exists",
  "locator-omission": "unstable or ambiguous locators are omitted from snapshot refs",
  "snapshot-subtree": "snapshot({scope:'subtree', root})",
  "cdp-browser-getversion": "CDP Browser.getVersion is supported",
} as const;

export type Feature = keyof typeof FEATURES;
export const FEATURE_NAMES = Object.keys(FEATURES) as Feature[];
export const FeatureName = z.enum(FEATURE_NAMES as [Feature, ...Feature[]]);

/**
 * What a clause may need from the target rather than from the build:
 * - `operator`: a human (or the fake's operator API) to create user Spaces or take control;
 * - `cdp-traffic`: a CDP agent host that actually answers messages (real Chromium behind the tab);
 * - `pages`: real web pages behind the tabs (an installed build, or the fake with `--pages chromium`);
 * - `launcher`: an `ego-browser nodejs` launcher between the harness and the script. The
 *   in-process fake has none (its probes run in the harness's own process, so there is no
 *   environment to forward or not), so launcher clauses are not applicable there; every CLI
 *   target (a real Ego Lite, the fake's installed launcher) has one.
 */
export const CAPABILITIES = ["operator", "cdp-traffic", "pages", "launcher"] as const;

export type Capability = (typeof CAPABILITIES)[number];
export const CapabilityName = z.enum(CAPABILITIES);
