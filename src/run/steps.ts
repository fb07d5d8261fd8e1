/**
 * Titled steps with teardowns, run in order (after Playwright's TaskRunner): a step's teardown is
 * registered before its setup runs, so a setup that fails half way is undone too, and the
 * teardowns run in reverse order whatever stopped the setups: an error, or `stop` (Ctrl-C).
 */

export interface Step<C> {
  /** what the step does, as a user would say it ("start the run guard") */
  title: string;
  setup(context: C): Promise<void> | void;
  /** undoes what the setup did, or the part of it that was done; runs even when the setup threw */
  teardown?(context: C): Promise<void> | void;
}

export interface StepsOptions<C> {
  /** read before each setup: once true, no further setup runs (an interrupt, or a step that ended the run early); the teardowns still do */
  stop?(context: C): boolean;
}

/** Where an error came from: the step whose setup or teardown threw it. */
export interface FailedStep {
  title: string;
  teardown: boolean;
}

/**
 * Runs the setups in order, then the registered teardowns in reverse, each even when one before
 * it threw. The first error (a setup's, else a teardown's) is thrown after the last teardown,
 * carrying the step it came from (`failedStepOf`); the error itself is unchanged, so what reads
 * its class or kind still can.
 */
export async function runSteps<C>(steps: readonly Step<C>[], context: C, options: StepsOptions<C> = {}): Promise<void> {
  const teardowns: Step<C>[] = [];
  let first: { error: unknown } | undefined;
  for (const step of steps) {
    if (options.stop?.(context)) break;
    if (step.teardown) teardowns.unshift(step);
    try {
      await step.setup(context);
    } catch (error) {
      first = { error: markedWithStep(error, { title: step.title, teardown: false }) };
      break;
    }
  }
  for (const step of teardowns) {
    try {
      await step.teardown!(context);
    } catch (error) {
      first ??= { error: markedWithStep(error, { title: step.title, teardown: true }) };
    }
  }
  if (first) throw first.error;
}

/** The step an error of `runSteps` came from; undefined for any other error. Read from a field, so an error from another copy of this module counts too. */
export function failedStepOf(error: unknown): FailedStep | undefined {
  const step = (error as { failedStep?: unknown } | null | undefined)?.failedStep;
  if (typeof step !== "object" || step === null) return undefined;
  const { title, teardown } = step as Partial<FailedStep>;
  return typeof title === "string" && typeof teardown === "boolean" ? { title, teardown } : undefined;
}

/** Marks an error with its step, unless an inner run of steps already did (the innermost step is the one that says where). */
function markedWithStep(error: unknown, step: FailedStep): unknown {
  if (typeof error !== "object" || error === null || failedStepOf(error) !== undefined || !Object.isExtensible(error)) return error;
  // not enumerable: an error compared or printed field by field looks as it did
  Object.defineProperty(error, "failedStep", { value: step, enumerable: false, configurable: true });
  return error;
}
