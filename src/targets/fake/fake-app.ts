/**
 * The fake app as the rest of the harness reaches it: the one door, since only src/targets/fake
 * imports fake-bridge.
 */
export { AppOptionsError, APP_OPTION_SPEC, appChoiceFromValues, CLOSE_DELAY_MS_RANGE, serverOptions } from "../../../fake-bridge/server/options.js";
export { fakeAppStatus, startFakeApp, stopFakeApp, type AppStatus } from "../../../fake-bridge/server/control.js";
export { installFakeEgoLite } from "../../../fake-bridge/server/install.js";
export { createOperatorClient } from "../../../fake-bridge/server/operator-client.js";
export { readInfraFaultPlan } from "../../../fake-bridge/infra-faults/plan.js";
export { OPEN_DETAIL_SWITCHES } from "../../../fake-bridge/personas/persona-behaviour.js";
