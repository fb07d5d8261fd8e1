// The launcher does not hand the caller's environment to the script (research 3.1). The harness
// starts every ego-browser process with a marker variable (src/targets/cli/cli-process.ts); a script
// that can read it was given the caller's environment. Not applicable without a launcher.
import { expect } from "vitest";
import { ENVIRONMENT_MARKER, ENVIRONMENT_MARKER_VALUE } from "../../src/contract/clauses/launcher.js";
import { clause } from "../../src/harness/clause.js";

clause("launcher.environment.not-forwarded", async ({ ego }) => {
  const seen = await ego.evaluate((_p, name) => {
    const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;
    return { value: env?.[name] ?? null };
  }, ENVIRONMENT_MARKER);
  expect(seen.value, `the script can read ${ENVIRONMENT_MARKER}=${ENVIRONMENT_MARKER_VALUE}, set for the ego-browser CLI only: the launcher forwarded the caller's environment`).toBeNull();
});
