export type { Observation } from "./observation.js";
export { describeObservation } from "./describe.js";
