/** Calls that are not task-scoped and read browser-wide facts. */
import type { FakeApp } from "../app.js";
import { ok, type Outcome } from "../failures.js";
import type { ProfileSpec } from "../profiles.js";

/** getBrowserVersion: the fake never has an update to offer. */
export function getBrowserVersion(app: FakeApp): Outcome<Record<string, unknown>> {
  // the malformed-browser-version mutant: the Linux-port shape (research 1.5)
  if (app.behaviour.malformedBrowserVersion) return ok({ version: app.version, revision: "fake", linuxPort: true });
  return ok({ currentVersion: app.version, updateAvailable: false });
}

export function listProfiles(app: FakeApp): Outcome<{ profiles: ProfileSpec[] }> {
  return ok({ profiles: app.profiles.list() });
}
