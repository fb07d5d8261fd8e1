export { createBinding, type BindingOptions } from "./create-binding.js";
export { argumentProblem } from "./validate.js";
export { methodPresent, paramRulesFor, paramSpecsFor, type ParamRule } from "./params.js";
export { parseSnapshotOptions } from "./snapshot-options.js";
export { createPortBinding } from "./create-binding.js";
export { appPort } from "./app-port.js";
export type { BrowserPort } from "./port.js";
