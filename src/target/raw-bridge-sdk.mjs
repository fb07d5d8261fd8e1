/**
 * The raw-bridge "SDK": a module that does nothing to globalThis.ego. The CLI target passes it as
 * `ego-browser nodejs --sdk-path <this file>` so the app imports it instead of its bundled SDK,
 * which would wrap the native object (research 1.8) and hide the contract under test.
 */
export {};
