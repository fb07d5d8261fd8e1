/**
 * The fake as a library (the package's "./fake" entry): `createFakeEgo` for unit tests of code built on
 * `globalThis.ego`, and the lower-level `createFakeBrowser`. docs/fake-as-a-library.md has an example.
 */
export { createFakeEgo, type FakeEgo, type FakeEgoOptions } from "./fake-ego.js";
export { CallLog, type CallChannel, type CallEntry, type CallFilter, type CallTuple } from "./call-log.js";
export { type RawAnswerOptions, type RawChannel } from "./raw-answers.js";
export { Hooks, type CallHook, type HookOptions, type SettleHook } from "./hooks.js";
export { isFailableMethod, type FailableMethod } from "./one-shot-failures.js";
export { SeedError, type SeedSpace, type SeedTab } from "./seed.js";
export type { InstrumentedBinding } from "./instrumented-binding.js";
export { createFakeBrowser, type FakeBrowser, type FakeBrowserOptions } from "../index.js";
export { createBinding, createPortBinding, type BindingOptions } from "../binding/create-binding.js";
export { FakeOperator } from "../operator/fake-operator.js";
export { DEFAULT_PROFILES, type ProfileSpec } from "../app/profiles.js";
export { PERSONAS, PERSONA_NAMES, type Persona } from "../../src/contract/personas.js";
export { MUTANT_NAMES } from "../mutants/mutants.js";
export { ERROR_CODES, type ErrorCode } from "../../src/contract/error-codes.js";
export { METHOD_NAMES, type MethodName } from "../../src/contract/methods.js";
export type { EgoSurface } from "../../src/contract/ego-surface.js";
export type { Operator, UserSpaceOptions } from "../../src/contract/operator.js";
