// The step runner a run executes as (src/run/steps.ts): teardowns registered before their setup,
// run in reverse whatever stopped the setups, and an error that says which step it came from.
import { describe, expect, it } from "vitest";
import { errorParagraph } from "../../src/cli/messages.js";
import { RunInputError } from "../../src/run/errors.js";
import { EXECUTE_STEPS } from "../../src/run/execute.js";
import { failedStepOf, runSteps, type Step } from "../../src/run/steps.js";

/** A step that logs its setup and teardown; `fails` makes the setup throw after it logged. */
function logged(log: string[], title: string, options: { fails?: boolean; failsTeardown?: boolean; noTeardown?: boolean } = {}): Step<unknown> {
  return {
    title,
    setup: () => {
      log.push(`setup ${title}`);
      if (options.fails) throw new Error(`${title} broke`);
    },
    ...(options.noTeardown
      ? {}
      : {
          teardown: async () => {
            log.push(`teardown ${title}`);
            if (options.failsTeardown) throw new Error(`${title} teardown broke`);
          },
        }),
  };
}

describe("runSteps", () => {
  it("runs the setups in order and the teardowns in reverse", async () => {
    const log: string[] = [];
    await runSteps([logged(log, "a"), logged(log, "b", { noTeardown: true }), logged(log, "c")], {});
    expect(log).toEqual(["setup a", "setup b", "setup c", "teardown c", "teardown a"]);
  });

  it("tears down a step whose setup threw, and the ones before it, then throws its error carrying its title", async () => {
    const log: string[] = [];
    const error = await runSteps([logged(log, "a"), logged(log, "b", { fails: true }), logged(log, "c")], {}).catch((e: unknown) => e);
    expect(log).toEqual(["setup a", "setup b", "teardown b", "teardown a"]);
    expect((error as Error).message).toBe("b broke");
    expect(failedStepOf(error)).toEqual({ title: "b", teardown: false });
  });

  it("stops the setups after an interrupt, and still runs every teardown registered", async () => {
    const log: string[] = [];
    const context = { interrupted: false };
    const interrupting: Step<typeof context> = { title: "run", setup: (c) => void (c.interrupted = true), teardown: () => void log.push("teardown run") };
    await runSteps<typeof context>([logged(log, "a"), interrupting, logged(log, "after")], context, { stop: (c) => c.interrupted });
    expect(log).toEqual(["setup a", "teardown run", "teardown a"]);
  });

  it("runs the later teardowns when one throws, and throws the first error: the setup's over a teardown's", async () => {
    const log: string[] = [];
    const error = await runSteps([logged(log, "a"), logged(log, "b", { failsTeardown: true }), logged(log, "c", { failsTeardown: true })], {}).catch((e: unknown) => e);
    expect(log).toEqual(["setup a", "setup b", "setup c", "teardown c", "teardown b", "teardown a"]);
    expect((error as Error).message).toBe("c teardown broke");
    expect(failedStepOf(error)).toEqual({ title: "c", teardown: true });
    const setupFirst = await runSteps([logged([], "a", { failsTeardown: true }), logged([], "b", { fails: true })], {}).catch((e: unknown) => e);
    expect(failedStepOf(setupFirst)).toEqual({ title: "b", teardown: false });
  });

  it("keeps the error's class and kind, and an inner run's step", async () => {
    const bad = new RunInputError("not this target");
    const thrown = await runSteps([{ title: "outer", setup: () => runSteps([{ title: "inner", setup: () => Promise.reject(bad) }], {}) }], {}).catch((e: unknown) => e);
    expect(thrown).toBe(bad);
    expect(failedStepOf(thrown)).toEqual({ title: "inner", teardown: false });
    expect(Object.keys(thrown as object), "the mark is not a field a comparison sees").toEqual(Object.keys(new RunInputError("x")));
  });
});

describe("the CLI's paragraph for a run that could not be made", () => {
  it("names the step a failure came from; a bad input stays its message alone", async () => {
    const failure = await runSteps([{ title: "start the run guard", setup: () => Promise.reject(new Error("ENOSPC")) }], {}).catch((e: unknown) => e);
    expect(errorParagraph("run", failure, { debug: false })).toContain("the run could not be made in step 'start the run guard': ENOSPC");
    const teardown = await runSteps([{ title: "reach the target", setup: () => undefined, teardown: () => Promise.reject(new Error("EPIPE")) }], {}).catch((e: unknown) => e);
    expect(errorParagraph("run", teardown, { debug: false })).toContain("the run could not be made in the teardown of step 'reach the target': EPIPE");
    const bad = await runSteps([{ title: "start the fake app", setup: () => Promise.reject(new RunInputError("--infra-faults needs a fake")) }], {}).catch((e: unknown) => e);
    expect(errorParagraph("run", bad, { debug: false })).toBe("ego-conformance run: --infra-faults needs a fake\nsee `ego-conformance help run`\n");
    expect(errorParagraph("run", new Error("ENOSPC"), { debug: false }), "an error of no step").toContain("the run could not be made: ENOSPC");
  });
});

describe("a run's execution (src/run/execute.ts)", () => {
  it("undoes its steps in the order the run always has: workers' groups, the guard's cleanup, the target, the scratch directory, the fake app", () => {
    const undone = EXECUTE_STEPS.filter((step) => step.teardown !== undefined).map((step) => step.title).reverse();
    expect(undone).toEqual(["record the workers' process groups", "start the run guard", "reach the target", "open the scratch directory", "start the fake app"]);
  });
});
