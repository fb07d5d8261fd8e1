/**
 * The harness-side getBrowserVersion reader, with the documented fallback: "treat a missing
 * method, a failed request, or an invalid result as unavailable". A slow call is bounded. The
 * reader never throws: every way the call can go wrong ends in `unavailable` with the reason.
 */
import { BrowserVersionResult } from "../contract/schemas.js";
import type { Observation } from "../probe/observation.js";
import { describeObservation } from "../probe/describe.js";
import type { ProbeScope } from "../probe/scope.js";
import { tryParseEgoVersion, type EgoVersion } from "../version/index.js";
import type { Session } from "./target.js";

export type BrowserVersionReading =
  | {
      status: "available";
      currentVersion: string;
      updateAvailable: boolean;
      /** null when the build reports a non-numeric version (e.g. "ego-windows-host") */
      version: EgoVersion | null;
    }
  | { status: "unavailable"; reason: string };

export const DEFAULT_VERSION_TIMEOUT_MS = 2000;

/** Runs inside the target: observe getBrowserVersion() if it exists, bounded. */
export const observeBrowserVersion = async (p: ProbeScope, timeoutMs: number) =>
  typeof (p.ego as { getBrowserVersion?: unknown }).getBrowserVersion === "function"
    ? { present: true, observation: await p.call("getBrowserVersion", [], { timeoutMs }) }
    : { present: false };

/** Interpret what the target saw. Pure, so every fallback is testable without a target. */
export function interpretBrowserVersion(seen: { present: boolean; observation?: Observation }, timeoutMs = DEFAULT_VERSION_TIMEOUT_MS): BrowserVersionReading {
  if (!seen.present || !seen.observation) return { status: "unavailable", reason: "getBrowserVersion is not a function on this build" };
  const obs = seen.observation;
  if (obs.channel === "timeout") return { status: "unavailable", reason: `getBrowserVersion did not answer within ${timeoutMs} ms` };
  if (obs.channel !== "resolved") return { status: "unavailable", reason: `getBrowserVersion failed: ${describeObservation(obs)}` };
  const parsed = BrowserVersionResult.safeParse(obs.value);
  if (!parsed.success || parsed.data.currentVersion.trim() === "") {
    return { status: "unavailable", reason: `getBrowserVersion returned an invalid result: ${JSON.stringify(obs.value ?? null)}` };
  }
  const currentVersion = parsed.data.currentVersion.trim();
  return { status: "available", currentVersion, updateAvailable: parsed.data.updateAvailable, version: tryParseEgoVersion(currentVersion) };
}

export async function readBrowserVersion(session: Session, timeoutMs = DEFAULT_VERSION_TIMEOUT_MS): Promise<BrowserVersionReading> {
  try {
    const seen = await session.evaluate(observeBrowserVersion, timeoutMs);
    return interpretBrowserVersion(seen as { present: boolean; observation?: Observation }, timeoutMs);
  } catch (error) {
    return { status: "unavailable", reason: `could not ask the target: ${error instanceof Error ? error.message : String(error)}` };
  }
}
