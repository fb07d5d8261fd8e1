export { InfraFault, InfraFaultPlan, InfraFaultPlanError, parseInfraFaultPlan, parseInfraFaultPlanText, readInfraFaultPlan, type InfraFaultKind } from "./plan.js";
export { InfraFaultInjector, INFRA_FAILURES, callFaultOf, disconnectAfterOf, launchFaultOf, relaunchAfterOf, type CallFault, type InjectedFault, type InvocationFaults, type LaunchFault } from "./inject.js";
export { orderedAnswers, type OrderedAnswers } from "./ordered-answers.js";
export { faultyPort } from "./faulty-port.js";
export { draw } from "./draw.js";
