/**
 * The in-process port: requests are answered against a FakeApp on a later setImmediate turn
 * (./event-loop.ts), in the order they were made.
 */
import type { FakeApp } from "../app/app.js";
import { executeRequest, type BridgeRequest, type BridgeResponse } from "../app/requests.js";
import { nextTurn } from "./event-loop.js";
import type { BrowserPort } from "./port.js";

function answer(app: FakeApp, request: BridgeRequest): BridgeResponse {
  try {
    return executeRequest(app, request);
  } catch (error) {
    return { crash: error };
  }
}

export function appPort(app: FakeApp): BrowserPort {
  return {
    behaviour: app.behaviour,
    send: (request, deliver) => nextTurn(() => deliver(answer(app, request))),
    sendSync: (request) => answer(app, request),
  };
}
