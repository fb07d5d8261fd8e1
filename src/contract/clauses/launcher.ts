/**
 * The launcher's side of the contract: what `ego-browser nodejs` hands the script. Judged only
 * where there is a launcher (capability `launcher`): the in-process fake runs probes in the
 * harness's own process, so it has no launcher to judge.
 */
import { defineClauses } from "./define.js";

/** The variable the harness sets for every CLI process it starts; the script must not see it. */
export const ENVIRONMENT_MARKER = "EGO_CONFORMANCE_ENVIRONMENT_MARKER";
export const ENVIRONMENT_MARKER_VALUE = "set-for-the-ego-browser-cli-only";

/**
 * The global the harness's --sdk-path module (src/targets/cli/raw-bridge-sdk.mjs) sets, under
 * `Symbol.for(RAW_BRIDGE_SDK_MARKER)`: a script that sees it ran after that module was loaded.
 */
export const RAW_BRIDGE_SDK_MARKER = "egoConformance.rawBridgeSdk";

/** The launcher clause whose rule every probe through the launcher stands on: the raw bridge reaches the script. */
export const SDK_PATH_CLAUSE = "launcher.sdk-path.loads-module";

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
  {
    id: SDK_PATH_CLAUSE,
    title: "ego-browser nodejs --sdk-path M loads the module M, instead of the app's bundled SDK, before the script",
    methods: [],
    needs: ["launcher"],
    severity: "critical",
    // research 3.1 (the skill-command doc: "--sdk-path <path> loads a local SDK for that one call",
    // resolution order --sdk-path, debug override, bundled SDK) and 3.2 (a launcher that predates it
    // says "unknown option ... sdk-path": the runtime's advice is to update Ego Lite). Without it the
    // script only sees globalThis.ego through the bundled SDK's wrappers (research 1.8), and the native
    // contract cannot be observed: clauses that fail through those wrappers name this clause.
    doc: { section: "Runtime Model (research 3.1: --sdk-path loads a local SDK for one call)", anchor: "runtime-model" },
  },
]);
