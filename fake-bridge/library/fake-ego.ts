/**
 * `createFakeEgo()`: a contract-faithful fake Ego Lite for unit tests of code built on `globalThis.ego`,
 * with a call log, seeding, hooks, personas and one-shot failures; anything off the contract is opt-in
 * and named so (`offContract`). docs/fake-as-a-library.md has a worked example.
 */
import type { EgoSurface } from "../../src/contract/ego-surface.js";
import type { Feature } from "../../src/contract/features.js";
import { FEATURE_NAMES } from "../../src/contract/features.js";
import type { Operator } from "../../src/contract/operator.js";
import type { ErrorCode } from "../../src/contract/error-codes.js";
import { METHOD_NAMES, type MethodName } from "../../src/contract/methods.js";
import { createFakeBrowser, type FakeBrowser } from "../index.js";
import type { ProfileSpec } from "../app/profiles.js";
import type { Tab } from "../app/tab-records.js";
import type { TaskSpace } from "../app/task-space.js";
import { appPort } from "../binding/app-port.js";
import type { MutantName } from "../mutants/mutants.js";
import { fakeBuild } from "../personas/fake-build.js";
import type { CallLog } from "./call-log.js";
import { Hooks } from "./hooks.js";
import { instrumentedBinding, type InstrumentedBinding } from "./instrumented-binding.js";
import { inBackground } from "./background.js";
import { OneShotFailures, type FailableMethod } from "./one-shot-failures.js";
import { RawAnswers, type RawAnswerOptions } from "./raw-answers.js";
import { seedSpaces, type SeedSpace } from "./seed.js";

export interface FakeEgoOptions {
  /** a documented build the fake plays (PERSONA_NAMES); default: the current build */
  persona?: string;
  /** an Ego Lite version: the build-feature table's features for it (instead of a persona) */
  egoVersion?: string;
  /** the profiles listProfiles offers (default Default/Personal and Profile 2/Work); exactly one default */
  profiles?: readonly ProfileSpec[];
  /** spaces that exist before the first call */
  spaces?: readonly SeedSpace[];
  /** how long a closed space stays listed, in ms (default 0); closing is eventually consistent on real builds */
  closeDelayMs?: number;
  /**
   * methods left out of the surface, as an older build without them (`typeof ego.sendCDPMessage`
   * is "undefined"); without sendCDPMessage, onCDPMessage and onSendCDPMessageError go too
   */
  without?: readonly MethodName[];
  /** real pages from this Chromium; omitted: the page model (invented pages, no browser) */
  chromium?: { executablePath: string };
  /** behaviour no documented build has, on purpose */
  offContract?: {
    /** the fake's contract mutants (fake-bridge/mutants): each breaks one documented rule */
    mutants?: readonly MutantName[];
  };
}

export interface FakeEgo extends InstrumentedBinding {
  /** the build the fake plays */
  readonly build: { version: string; persona?: string; features: Feature[]; without?: MethodName[] };
  /** another invocation (`ego-browser nodejs`): its own binding, selection, callbacks and call log */
  invocation(): InstrumentedBinding;
  /** every invocation made so far, the first (`ego`) included */
  readonly invocations: readonly InstrumentedBinding[];
  /** the person at the browser: user spaces, taking and giving back control, answering prompts */
  readonly operator: Operator;
  /** code that runs at a call, or at its settling, of any invocation */
  readonly hooks: Hooks;
  /** the next call of `method` (any invocation) fails browser-side with this documented code, once */
  failNext(method: FailableMethod, code: ErrorCode, message?: string): void;
  /** more spaces, made now; returns their ids in the order given */
  seed(spaces: readonly SeedSpace[]): number[];
  /** a read-only copy of a listed space's browser-side state (undefined when it is not listed) */
  space(id: number): (Readonly<Omit<TaskSpace, "tabs">> & { tabs: readonly Tab[] }) | undefined;
  /** closes the real pages, if any; the fake is unusable afterwards */
  close(): Promise<void>;
  /** the underlying fake browser (createFakeBrowser) */
  readonly browser: FakeBrowser;
  /** runs `fn` as the test's staging: the calls it makes, now or later, are flagged `background` in the call log */
  background<T>(fn: () => T): T;
  /** behaviour no documented build has, set by the test */
  readonly offContract: {
    /**
     * `method` answers with `value` (any value), once or until removed, in place of the contract's
     * behaviour: no argument checks, no selection, no browser; the call is flagged `offContract`
     * in the call log. Returns a function that removes the answer.
     */
    answer(method: MethodName, value: unknown, options?: RawAnswerOptions): () => void;
  };
}

export function createFakeEgo(options: FakeEgoOptions = {}): FakeEgo {
  const without = options.without ?? [];
  for (const method of without) {
    if (!(METHOD_NAMES as readonly string[]).includes(method)) throw new Error(`createFakeEgo: without names ${String(method)}, which is not a method of the surface (${METHOD_NAMES.join(", ")})`);
  }
  const build = fakeBuild({ persona: options.persona, egoVersion: options.egoVersion });
  const browser = createFakeBrowser({
    version: build.version,
    features: build.features,
    mutants: options.offContract?.mutants ?? [],
    ...(options.profiles ? { profiles: options.profiles } : {}),
    ...(options.closeDelayMs !== undefined ? { closeDelayMs: options.closeDelayMs } : {}),
    ...(options.chromium ? { chromium: options.chromium } : {}),
  });
  const hooks = new Hooks();
  const failures = new OneShotFailures();
  const rawAnswers = new RawAnswers();
  const invocations: InstrumentedBinding[] = [];
  const invocation = (): InstrumentedBinding => {
    const made = instrumentedBinding(failures.port(appPort(browser.app)), hooks, { rawAnswers, without });
    invocations.push(made);
    return made;
  };
  const seed = (spaces: readonly SeedSpace[]): number[] => seedSpaces(browser.app, spaces);
  if (options.spaces) seed(options.spaces);
  const first = invocation();
  return {
    build: {
      version: build.version,
      ...(build.persona ? { persona: build.persona } : {}),
      features: FEATURE_NAMES.filter((f) => build.features.has(f)),
      ...(without.length > 0 ? { without: [...without] } : {}),
    },
    get ego(): EgoSurface {
      return first.ego;
    },
    get calls(): CallLog {
      return first.calls;
    },
    get selection() {
      return first.selection;
    },
    invocation,
    invocations,
    operator: browser.operator,
    hooks,
    failNext: (method, code, message) => failures.failNext(method, code, message),
    seed,
    space: (id) => browser.app.inspect(id),
    close: () => browser.shutdown(),
    browser,
    background: inBackground,
    offContract: { answer: (method, value, answerOptions) => rawAnswers.answer(method, value, answerOptions) },
  };
}
