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

/** The clause that times an invocation whose script left a raw CDP request unanswered. */
export const PENDING_CDP_CLAUSE = "launcher.exit.pending-cdp";
/** How long after its script's end the invocation may still run (a fresh process's exit, with room for a loaded host). */
export const PENDING_CDP_EXIT_BOUND_MS = 10_000;

export const launcherClauses = defineClauses("launcher", [
  {
    id: "launcher.environment.not-forwarded",
    title: "the launcher does not hand the caller's environment to the script",
    methods: [],
    needs: ["launcher"],
    // research 3.1 (real-world log A-005, the upstream e2e comment, the 2.1.0 guide): "environment
    // variables are not forwarded"; a host that forwards them leaks the caller's secrets into scripts
    doc: { section: "skill/GUIDE.md v2.1.0, the usage guide (research 3.1): environment variables are not forwarded to the script", anchor: "runtime-model" },
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
    doc: { section: "docs/ego-browser-skill-command.md (research 3.1): --sdk-path loads a local SDK for that one call, before the bundled SDK", anchor: "runtime-model" },
  },
  {
    // the v2 runtime abandons a Runtime.evaluate, or leaves an
    // Input.dispatchMouseEvent unanswered behind a JS alert, and its process must still end
    id: PENDING_CDP_CLAUSE,
    title: "an invocation ends when its script ends, whatever raw CDP requests are still unanswered",
    methods: ["sendCDPMessage", "useTaskSpace", "createTab"],
    needs: ["launcher", "pages"],
    doc: { section: "Runtime Model, Async behavior (the process may exit after pending requests settle); research 1.6 (the host disposes the SDK, rejecting pending CDP requests)", anchor: "runtime-model" },
    unspecified: {
      question: "research Q31 (launcher semantics) and research Q20: the reference speaks of promises the script awaits, not of a raw CDP request (sendCDPMessage returns undefined) that is never answered",
      choice: "the invocation exits with status 0 once its script's body and its promise-returning calls have ended; an unanswered CDP request is dropped",
      core: `the ego-browser nodejs process exits within ${PENDING_CDP_EXIT_BOUND_MS / 1000} s of its script's end while a Runtime.evaluate it sent on a never-settling promise is still unanswered (scripts "allow the process to exit after pending requests settle", and sendCDPMessage returns undefined: there is nothing to settle; the host's dispose rejects pending CDP requests)`,
      openDetail: "the invocation's exit status with a CDP request abandoned (the fake: 0)",
      basis: "native-bindings-api.md Runtime Model ('Scripts can safely await these APIs and allow the process to exit after pending requests settle'), CDP (sendCDPMessage returns undefined); research 1.1, research 1.6 (disposeEgoSdk rejects pending CDP requests), research 3.1, research Q20, research Q31",
    },
  },
]);
