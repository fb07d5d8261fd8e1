export { InfraFaultPlan, InfraFaultPlanError, parseInfraFaultPlan, parseInfraFaultPlanText } from "./plan.js";
export { InfraFaultInjector, INFRA_FAILURES, disconnectAfterOf } from "./inject.js";
export { draw } from "./draw.js";
