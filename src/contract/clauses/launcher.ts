/**
 * The launcher's side of the contract: what `ego-browser nodejs` hands the script. Judged only
 * where there is a launcher (capability `launcher`): the in-process fake runs probes in the
 * harness's own process, so it has no launcher to judge.
 */
import { defineClauses } from "./define.js";

/** The variable the harness sets for every CLI process it starts; the script must not see it. */
export const ENVIRONMENT_MARKER = "EGO_CONFORMANCE_ENVIRONMENT_MARKER";
export const ENVIRONMENT_MARKER_VALUE = "set-for-the-ego-browser-cli-only";

export const launcherClauses = defineClauses("launcher", [
  {
    id: "launcher.environment.not-forwarded",
    title: "the launcher does not hand the caller's environment to the script",
    methods: [],
    needs: ["launcher"],
    // research 3.1 (real-world log A-005, the upstream e2e comment, the 2.1.0 guide): "environment
    // variables are not forwarded"; a host that forwards them leaks the caller's secrets into scripts
    doc: { section: "Runtime Model (research 3.1: environment variables are not forwarded)", anchor: "runtime-model" },
  },
]);
