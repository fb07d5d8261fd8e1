/**
 * One binding's calls over the bridge endpoint, answered against the shared app in the order received;
 * the selection arrives with every request, and real pages' CDP events go down the same socket.
 */
import type { Socket } from "node:net";
import type { FakeApp } from "../app/app.js";
import { executeRequest, isAsyncMethodName, receiveRequest, type Arrival, type BridgeRequest, type BridgeResponse, type Invocation } from "../app/requests.js";
import { fail } from "../app/failures.js";
import { isPromise, type MaybePromise } from "../app/serial.js";
import type { CdpRelay } from "../chromium/cdp-relay.js";
import type { InvocationFaults } from "../infra-faults/inject.js";
import { orderedAnswers } from "../infra-faults/ordered-answers.js";
import { decodeRequest, encodeResponse, type BridgeCall, type CdpEventLine } from "./protocol.js";
import { writeJsonLine } from "../../src/wire/json-lines.js";

function isBridgeCall(message: unknown): message is BridgeCall {
  if (typeof message !== "object" || message === null) return false;
  const { id, request } = message as { id?: unknown; request?: { kind?: unknown; method?: unknown; raw?: unknown } };
  if (typeof id !== "number" || typeof request !== "object" || request === null) return false;
  if (request.kind === "cdp") return typeof request.raw === "string";
  return request.kind === "command" && isAsyncMethodName(request.method) && Array.isArray((request as { args?: unknown }).args);
}

function answer(app: FakeApp, request: BridgeRequest, invocation: Invocation, arrival?: Arrival): MaybePromise<BridgeResponse> {
  try {
    const response = executeRequest(app, decodeRequest(request), invocation, arrival);
    return isPromise(response) ? response.catch((error: unknown) => ({ crash: error })) : response;
  } catch (error) {
    return { crash: error };
  }
}

/**
 * The handler of the calls arriving on `socket` (the welcome is the caller's to send). With
 * `faults` (one invocation of the app's infrastructure-fault injector, ../infra-faults), each
 * call meets its fault: latency, no answer at all, or an infrastructure failure instead of the
 * app's answer.
 */
export function bridgeCalls(socket: Socket, app: FakeApp, faults?: InvocationFaults): (message: unknown) => void {
  const answers = faults ? orderedAnswers() : undefined;
  if (answers) socket.on("close", () => answers.stop());
  // the invocation's raw CDP channel: events go down the same socket, in the order Chromium sent them
  let relay: CdpRelay | undefined;
  const invocation: Invocation = {
    relay: () =>
      (relay ??= app.openRelay((text) => {
        if (!socket.destroyed) writeJsonLine(socket, { t: "cdp-event", text } satisfies CdpEventLine);
      })),
  };
  socket.on("close", () => {
    if (relay !== undefined) app.closeRelay(relay);
  });
  return (message) => {
    if (!isBridgeCall(message)) {
      socket.destroy(new Error(`not a bridge request: ${JSON.stringify(message).slice(0, 120)}`));
      return;
    }
    const write = (response: BridgeResponse) => {
      if (!socket.destroyed) writeJsonLine(socket, { id: message.id, response: encodeResponse(response) });
    };
    const request = decodeRequest(message.request);
    const arrival = receiveRequest(app, request);
    if (!faults || !answers) {
      const reply = () => {
        const response = answer(app, message.request, invocation, arrival);
        if (isPromise(response)) void response.then(write);
        else write(response);
      };
      // only the racy-create-ids mutant defers an answer: the window in which another process's create reads the same id
      if (arrival.deferMs === undefined) reply();
      else setTimeout(reply, arrival.deferMs);
      return;
    }
    const fault = faults.nextCall({ cdp: request.kind === "cdp" });
    answers.push(fault, (done) => {
      const effect = fault.effect;
      const response = effect.kind === "none" || effect.kind === "never-settles" ? answer(app, message.request, invocation, arrival) : { outcome: fail(effect.failure) };
      if (isPromise(response)) {
        void response.then((r) => {
          write(r);
          done();
        });
      } else {
        write(response);
        done();
      }
    });
  };
}
