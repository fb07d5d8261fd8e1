/**
 * The raw-bridge "SDK": a module that does nothing to globalThis.ego. The CLI target passes it as
 * `ego-browser nodejs --sdk-path <this file>` so the app imports it instead of its bundled SDK,
 * which would wrap the native object (research 1.8) and hide the contract under test.
 *
 * It only leaves a mark that it was loaded (`Symbol.for("egoConformance.rawBridgeSdk")`, the
 * contract's RAW_BRIDGE_SDK_MARKER): the probe loop reports it, and the clause
 * launcher.sdk-path.loads-module judges a launcher that does not load it.
 */
globalThis[Symbol.for("egoConformance.rawBridgeSdk")] = true;
export {};
