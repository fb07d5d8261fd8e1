/**
 * The in-process port: requests are answered against a FakeApp on a later setImmediate turn
 * (./event-loop.ts), in the order they were made. An answer that waits on Chromium is delivered
 * on the turn after it arrives.
 */
import type { FakeApp } from "../app/app.js";
import { executeRequest, receiveRequest, type Arrival, type BridgeRequest, type BridgeResponse, type Invocation } from "../app/requests.js";
import type { CdpRelay } from "../chromium/cdp-relay.js";
import { isPromise, type MaybePromise } from "../app/serial.js";
import { nextTurn } from "./event-loop.js";
import type { BrowserPort } from "./port.js";

function answer(app: FakeApp, request: BridgeRequest, invocation?: Invocation, arrival?: Arrival): MaybePromise<BridgeResponse> {
  try {
    const response = executeRequest(app, request, invocation, arrival);
    return isPromise(response) ? response.catch((error: unknown) => ({ crash: error })) : response;
  } catch (error) {
    return { crash: error };
  }
}

export function appPort(app: FakeApp): BrowserPort {
  let listener: ((text: string) => void) | undefined;
  let relay: CdpRelay | undefined;
  // this binding's raw CDP channel, opened on its first send to a real browser
  const invocation: Invocation = { relay: () => (relay ??= app.openRelay((text) => nextTurn(() => listener?.(text)))) };
  return {
    behaviour: app.behaviour,
    onCdpEvent: (l) => {
      listener = l;
    },
    send: (request, deliver) => {
      // read on arrival, answered on a later turn: calls made in the same turn overlap
      const arrival = receiveRequest(app, request);
      nextTurn(() => {
        const response = answer(app, request, invocation, arrival);
        if (isPromise(response)) void response.then((r) => nextTurn(() => deliver(r)));
        else deliver(response);
      });
    },
    sendSync: (request) => {
      const response = answer(app, request);
      return isPromise(response) ? { crash: new Error("fake bridge: a synchronous answer was asked of a command that waits on the browser") } : response;
    },
  };
}
