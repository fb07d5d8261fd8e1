// A deliberate harness bug comes in through a test seam, the environment the run's safety frame
// reads (src/safety/harness-bugs.ts), never through a flag a user's command line could give.
import { describe, expect, it } from "vitest";
import { parseRunArgs } from "../../src/cli/run.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { HARNESS_BUG_ENV, harnessBugsIn } from "../../src/safety/harness-bugs.js";

describe("the harness bugs' test seam", () => {
  it("reads the bugs a test names in the environment, and none when it names none", () => {
    expect(harnessBugsIn({})).toEqual([]);
    expect(harnessBugsIn({ [HARNESS_BUG_ENV]: "" })).toEqual([]);
    expect(harnessBugsIn({ [HARNESS_BUG_ENV]: "cleanup-claims-user-space" })).toEqual(["cleanup-claims-user-space"]);
  });

  it("refuses a bug it does not know, naming the known ones", () => {
    expect(() => harnessBugsIn({ [HARNESS_BUG_ENV]: "cleanup-claims-user-space,no-such-bug" })).toThrow(
      `unknown harness bug 'no-such-bug' in ${HARNESS_BUG_ENV} (known: cleanup-claims-user-space)`,
    );
  });

  it("is no option of run", () => {
    expect(() => parseRunArgs(["--target", "installed", "--harness-bug", "cleanup-claims-user-space"], "/w")).toThrow(UsageError);
  });
});
