/** An installed run against a fake ego-browser this harness installed starts its app when it is not running, and stops it at the end. */
import { startFakeAppIfNeeded } from "../targets/fake/fake-app-on-demand.js";
import { locateCli } from "../targets/detect/locate-cli.js";
import { RunInputError } from "./errors.js";
import type { Execution } from "./execution.js";
import type { Step } from "./steps.js";

export const startFakeApp: Step<Execution> = {
  title: "start the fake app",
  async setup(run) {
    const { options } = run.plan;
    if (!options.installed) return;
    // a CLI that cannot be found is detection's to report, in its own step
    const cli = await locateCli({ ...(options.installed.egoBrowser !== undefined ? { flag: options.installed.egoBrowser } : {}) }).catch(() => undefined);
    if (cli) run.fakeApp = await startFakeAppIfNeeded(cli.path, options.infraFaultsFile !== undefined ? { infraFaults: options.infraFaultsFile } : {});
    if (options.infraFaultsFile !== undefined && !run.fakeApp) {
      throw new RunInputError("--infra-faults injects infrastructure faults into the fake app: with --target installed it needs a fake ego-browser this harness installed whose app is not running (the run starts it with the plan); a real Ego Lite, or an app already running, cannot take one");
    }
  },
  async teardown(run) {
    await run.fakeApp?.stop();
  },
};
