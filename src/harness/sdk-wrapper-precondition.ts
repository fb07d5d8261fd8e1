/**
 * A clause judged through the app's SDK instead of the raw bridge (the launcher would not load
 * --sdk-path): async wrappers change throws, selections and callbacks (research 1.8), so a failure
 * there stands on launcher.sdk-path.loads-module and ends precondition failed naming it.
 */
import { SDK_PATH_CLAUSE } from "../contract/clauses/launcher.js";
import type { TargetInfo } from "../targets/target.js";
import { PreconditionError } from "./precondition.js";

/** Why a failure of `clauseId` was observed through the SDK's wrappers; undefined when it was not. */
function throughSdkWrapper(info: TargetInfo, clauseId: string): string | undefined {
  const launch = info.launch;
  if (clauseId === SDK_PATH_CLAUSE || !launch?.wrapped) return undefined;
  if (launch.sdkPath === "loaded" || launch.sdkPath === "pending" || launch.sdkPath === "not-requested") return undefined;
  return `observed through the app's bundled SDK, which wraps globalThis.ego, because the launcher did not load the --sdk-path module (${launch.sdkPath}); the raw bridge could not be judged`;
}

/** The failure a clause records: a violation observed through the SDK's wrappers becomes a precondition failure. */
export function asSdkWrapperPrecondition(info: TargetInfo, clauseId: string, message: string): PreconditionError | undefined {
  const why = throughSdkWrapper(info, clauseId);
  return why === undefined ? undefined : new PreconditionError(`${why}:\n${message}`, SDK_PATH_CLAUSE);
}
