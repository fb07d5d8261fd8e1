export type { Observation, Channel, ErrorInfo, CallbackRecord } from "./observation.js";
export type { ProbeScope, ObserveOptions, CdpObserveOptions } from "./scope.js";
export { probeProgram, probeSource, asJson, ProbeSourceError } from "./program.js";
export { describeObservation } from "./describe.js";
