/**
 * Whether an installed target has real pages (capabilities `pages` and `cdp-traffic`). An
 * installed Ego Lite has. A fake app behind a fake `ego-browser` this harness installed has them
 * when it runs with Chromium: its state file says so (`--pages`, fake-bridge/server/main.ts).
 */
import { appPaths } from "../../../fake-bridge/server/app-dir.js";
import { readAppState } from "../../../fake-bridge/server/state-file.js";
import type { Capability } from "../../contract/features.js";
import { fakeAppDirOf } from "./fake-app-on-demand.js";

export const PAGE_CAPABILITIES: readonly Capability[] = ["pages", "cdp-traffic"];

export async function installedPageCapabilities(cliPath: string): Promise<{ capabilities: Capability[]; warning?: string }> {
  const dir = await fakeAppDirOf(cliPath);
  if (dir === undefined) return { capabilities: [...PAGE_CAPABILITIES] };
  const state = await readAppState(appPaths(dir).stateFile);
  if (state?.pages === "model") {
    return { capabilities: [], ...(state.pagesWarning ? { warning: state.pagesWarning } : { warning: "the fake app runs with the page model (--pages model): clauses that need pages are not applicable" }) };
  }
  return { capabilities: [...PAGE_CAPABILITIES] };
}
