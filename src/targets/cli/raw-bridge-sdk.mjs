/**
 * The raw-bridge "SDK": passed as `--sdk-path` so the app does not import its bundled SDK, which would
 * wrap the native object (research 1.8) and hide the contract under test. It only marks that it was
 * loaded (RAW_BRIDGE_SDK_MARKER), for the clause launcher.sdk-path.loads-module.
 */
globalThis[Symbol.for("egoConformance.rawBridgeSdk")] = true;
export {};
