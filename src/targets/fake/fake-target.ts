/**
 * The embedded fake target: the fake bridge in this process, each session a fresh binding over one
 * shared browser-side model, as each `ego-browser nodejs` invocation is against the real app.
 */
import vm from "node:vm";
import type { Json } from "../../contract/arguments.js";
import type { Capability, Feature } from "../../contract/features.js";
import { asJson, probeParts } from "../../probe/program.js";
import { tryParseEgoVersion } from "../../version/index.js";
import type { PagesChoice } from "../../contract/pages-choice.js";
import { createFakeBrowser, resolvePages, type MutantName } from "../../../fake-bridge/index.js";
import { InfraFaultInjector } from "../../../fake-bridge/infra-faults/inject.js";
import type { InfraFaultPlan } from "../../contract/infra-fault-plan.js";
import { ProbeTimeoutError } from "../probe-timeout.js";
import type { Session, Target, TargetInfo } from "../target.js";

export interface FakeTargetOptions {
  /** the Ego Lite version the fake reports (getBrowserVersion) */
  version: string;
  /** the build features the fake emulates */
  features: ReadonlySet<Feature>;
  /** the open details the build chose (a persona file's; default: the fake's own choices) */
  openDetails?: Readonly<Record<string, string>>;
  persona?: string;
  /** where the version came from (default: the persona, or "fake default") */
  versionSource?: string;
  mutants?: MutantName[];
  /** infrastructure faults (fake-bridge/infra-faults): each session is one invocation of this target's injector */
  infraFaults?: InfraFaultPlan;
  /** bound on one probe, so a hung call ends as a harness error instead of a stuck run */
  probeTimeoutMs?: number;
  /** `--pages`: real pages from Chromium (default wherever a browser is found) or the page model */
  pages?: PagesChoice;
  /** how long a closed space stays listed (the app's eventually consistent close); a huge value: never */
  closeDelayMs?: number;
  /** app milliseconds per real millisecond (default FAKE_TIME_SCALE) */
  timeScale?: number;
}



/**
 * The in-process fake's time scale: 60 app seconds per real second, so a clause that waits 150 s
 * of the target's time (task-spaces.create.idle-stays-listed) takes 2.5 s here, while ordinary
 * clauses (well under a real second between two calls on a space) stay far from any app-time rule.
 */
export const FAKE_TIME_SCALE = 60;

/** Why real pages cannot be had here (no browser found, and what to install), or undefined when they can. */
export function missingBrowser(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return resolvePages("chromium", env).missing;
}

type ScopeFactory = (ego: unknown) => unknown;
type CompiledProbe = (ego: unknown, args: unknown[]) => Promise<unknown>;

/** the probe runtime's scope factory, compiled on the first probe of this realm */
let createScope: ScopeFactory | undefined;
/** each probe function's program, compiled once: V8 keeps the bytecode of what it ran, so a probe run again is not compiled again */
const compiledProbes = new Map<string, CompiledProbe>();

/**
 * Runs `fn(probe, ...args)` against `ego` as probeProgram's text would (../../probe/program.ts,
 * probeParts): a fresh probe scope and probe closure per call, the arguments from the same JSON
 * literal, without parsing the whole program again for every probe (docs/speed.md).
 */
function runProbe(fn: (...args: never[]) => unknown, args: readonly Json[], ego: unknown): Promise<unknown> {
  const parts = probeParts(fn, args);
  createScope ??= vm.runInThisContext(parts.runtime, { filename: "ego-conformance-probe-runtime.js" }) as ScopeFactory;
  let run = compiledProbes.get(parts.probe);
  if (run === undefined) {
    run = (vm.runInThisContext(parts.probe, { filename: "ego-conformance-probe.js" }) as (createScope: ScopeFactory) => CompiledProbe)(createScope);
    compiledProbes.set(parts.probe, run);
  }
  return run(ego, vm.runInThisContext(parts.args) as unknown[]);
}

export function createFakeTarget(options: FakeTargetOptions): Target {
  const pages = resolvePages(options.pages);
  const timeScale = options.timeScale ?? FAKE_TIME_SCALE;
  const browser = createFakeBrowser({
    version: options.version,
    features: options.features,
    ...(options.openDetails ? { openDetails: options.openDetails } : {}),
    mutants: options.mutants ?? [],
    timeScale,
    ...(options.closeDelayMs !== undefined ? { closeDelayMs: options.closeDelayMs } : {}),
    ...(options.infraFaults ? { infraFaults: new InfraFaultInjector(options.infraFaults) } : {}),
    ...(pages.chromium ? { chromium: pages.chromium } : {}),
  });
  const capabilities = new Set<Capability>(pages.chromium ? ["operator", "pages", "cdp-traffic"] : ["operator"]);
  const info: TargetInfo = {
    kind: "fake",
    name: `fake bridge (in-process, ${pages.pages} pages${options.mutants?.length ? `, mutants: ${options.mutants.join(", ")}` : ""}${options.infraFaults ? `, infrastructure faults: seed ${options.infraFaults.seed}` : ""})`,
    egoVersion: tryParseEgoVersion(options.version),
    egoVersionText: options.version,
    versionSource: options.versionSource ?? (options.persona ? `persona ${options.persona}` : "fake default"),
    ...(options.persona ? { persona: options.persona } : {}),
    features: options.features,
    capabilities,
    timeScale,
    ...(pages.warning ? { warnings: [pages.warning] } : {}),
  };
  const timeoutMs = options.probeTimeoutMs ?? 30_000;

  async function openSession(): Promise<Session> {
    const ego = browser.newBinding();
    let closed = false;
    return {
      async evaluate(fn, ...args) {
        if (closed) throw new Error("session is closed");
        let timer: NodeJS.Timeout | undefined;
        const bound = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ProbeTimeoutError(`probe did not finish within ${timeoutMs} ms`)), timeoutMs);
        });
        try {
          return asJson(await Promise.race([runProbe(fn, args as Json[], ego), bound])) as never;
        } finally {
          clearTimeout(timer);
        }
      },
      async close() {
        closed = true;
      },
    };
  }

  return { info, openSession, operator: browser.operator, close: () => browser.shutdown() };
}
