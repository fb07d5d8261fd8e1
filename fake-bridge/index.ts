/**
 * The fake Ego Lite browser as a library: `createFakeBrowser({ version })`, a binding per script
 * invocation, and its operator. Features, open details and mutants choose the emulated build (./behaviour);
 * the fake as a process, with its launcher, is ./server/index.ts.
 */
import type { EgoSurface } from "../src/contract/ego-surface.js";
import type { Feature } from "../src/contract/features.js";
import type { Operator } from "../src/contract/operator.js";
import { FakeApp } from "./app/app.js";
import type { ProfileSpec } from "./app/profiles.js";
import { resolveBehaviour } from "./behaviour/behaviour.js";
import { NEWEST_BUILD } from "../src/contract/build-features.js";
import { appPort } from "./binding/app-port.js";
import { createPortBinding, type BindingOptions } from "./binding/create-binding.js";
import { parseMutants, type MutantName } from "./mutants/mutants.js";
import { faultyPort } from "./infra-faults/faulty-port.js";
import type { InfraFaultInjector } from "./infra-faults/inject.js";
import { FakeOperator } from "./operator/fake-operator.js";

export interface FakeBrowserOptions {
  /** the Ego Lite version reported by getBrowserVersion (default 0.5.1.13) */
  version?: string;
  /** the profiles listProfiles offers (default: Default/Personal, Profile 2/Work); exactly one default */
  profiles?: readonly ProfileSpec[];
  /** named mutant plans (MUTANT_NAMES); an unknown name throws */
  mutants?: readonly MutantName[];
  /** how long a closed space stays listed (default 0: removed at once) */
  closeDelayMs?: number;
  /** the build features to emulate (default: the newest build's, NEWEST_BUILD.features) */
  features?: ReadonlySet<Feature>;
  /** the open details the build chose, per unspecified clause (a persona file's; default: the fake's own choices) */
  openDetails?: Readonly<Record<string, string>>;
  /** infrastructure faults (./infra-faults): each new binding is one invocation of the injector */
  infraFaults?: InfraFaultInjector;
  /** real pages from this Chromium (./chromium/pages-choice.ts resolves `--pages`); omitted: the page model */
  chromium?: { executablePath: string };
  /** app milliseconds per real millisecond (default 1): 150 s of app time in 150 ms at 1000 */
  timeScale?: number;
}

export interface FakeBrowser {
  readonly app: FakeApp;
  /** a fresh `globalThis.ego` for one script invocation: its own selection and callbacks */
  newBinding(options?: BindingOptions): EgoSurface;
  readonly operator: Operator;
  /** closes the spaces' real pages (a no-op with the page model) */
  shutdown(): Promise<void>;
}

export function createFakeBrowser(options: FakeBrowserOptions = {}): FakeBrowser {
  const behaviour = resolveBehaviour({
    features: options.features ?? NEWEST_BUILD.features,
    ...(options.openDetails ? { openDetails: options.openDetails } : {}),
    mutants: parseMutants(options.mutants ?? []),
    ...(options.closeDelayMs !== undefined ? { closeDelayMs: options.closeDelayMs } : {}),
  });
  const app = new FakeApp({
    version: options.version ?? NEWEST_BUILD.version,
    behaviour,
    ...(options.profiles ? { profiles: options.profiles } : {}),
    ...(options.chromium ? { chromium: options.chromium } : {}),
    ...(options.timeScale !== undefined ? { timeScale: options.timeScale } : {}),
  });
  return {
    app,
    newBinding: (bindingOptions?: BindingOptions) => {
      const port = appPort(app);
      const faults = options.infraFaults;
      return createPortBinding(faults ? faultyPort(port, faults.newInvocation()) : port, bindingOptions);
    },
    operator: new FakeOperator(app),
    shutdown: () => app.shutdown(),
  };
}

export { FakeApp } from "./app/app.js";
export { NEWEST_BUILD } from "../src/contract/build-features.js";
export { type ProfileSpec } from "./app/profiles.js";
export { resolveBehaviour } from "./behaviour/behaviour.js";
export { type BindingOptions } from "./binding/create-binding.js";
export { MUTANTS, MUTANT_NAMES, parseMutants, type MutantName } from "./mutants/mutants.js";
export { resolvePages } from "./chromium/pages-choice.js";
