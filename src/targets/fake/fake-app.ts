/**
 * The fake app as the rest of the harness reaches it (the one door: only src/targets/fake imports
 * fake-bridge): starting, stopping and asking after an app process (`ego-conformance fake`), its
 * options and their flags, the `ego-browser` it installs, and the operator client of its endpoint
 * (an installed fake's user side, which detection opens), and the reader of an infrastructure-fault
 * plan file (its schema is contract data: src/contract/infra-fault-plan.ts), which the fake injects,
 * and the open details the fake can play either way (a persona file's, `persona derive`).
 */
export { AppOptionsError, APP_OPTION_SPEC, appChoiceFromValues, CLOSE_DELAY_MS_RANGE, serverOptions } from "../../../fake-bridge/server/options.js";
export { fakeAppStatus, startFakeApp, stopFakeApp, type AppStatus } from "../../../fake-bridge/server/control.js";
export { installFakeEgoLite } from "../../../fake-bridge/server/install.js";
export { createOperatorClient } from "../../../fake-bridge/server/operator-client.js";
export { readInfraFaultPlan } from "../../../fake-bridge/infra-faults/plan.js";
export { OPEN_DETAIL_SWITCHES } from "../../../fake-bridge/personas/persona-behaviour.js";
