/**
 * One bridge connection: an `ego-browser nodejs` invocation's binding. The server greets with the
 * build it emulates, then answers each request against the shared app, in the order received.
 * The selection is the binding's: it arrives with every request.
 */
import type { Socket } from "node:net";
import type { FakeApp } from "../app/app.js";
import { executeRequest, isAsyncMethodName, type BridgeRequest, type BridgeResponse } from "../app/requests.js";
import { fail } from "../app/failures.js";
import type { InvocationFaults } from "../infra-faults/inject.js";
import { orderedAnswers } from "../infra-faults/ordered-answers.js";
import { decodeRequest, encodeResponse, type BridgeCall, type Welcome } from "./protocol.js";
import { readJsonLines, writeJsonLine } from "./json-lines.js";

function isBridgeCall(message: unknown): message is BridgeCall {
  if (typeof message !== "object" || message === null) return false;
  const { id, request } = message as { id?: unknown; request?: { kind?: unknown; method?: unknown; raw?: unknown } };
  if (typeof id !== "number" || typeof request !== "object" || request === null) return false;
  if (request.kind === "cdp") return typeof request.raw === "string";
  return request.kind === "command" && isAsyncMethodName(request.method) && Array.isArray((request as { args?: unknown }).args);
}

function answer(app: FakeApp, request: BridgeRequest): BridgeResponse {
  try {
    return executeRequest(app, decodeRequest(request));
  } catch (error) {
    return { crash: error };
  }
}

/**
 * With `faults` (one invocation of the app's infrastructure-fault injector, ../infra-faults), the
 * welcome carries the launch fault for the launcher to act out, and each call meets its fault:
 * latency, no answer at all, or an infrastructure failure instead of the app's answer.
 */
export function serveBridge(socket: Socket, app: FakeApp, welcome: Welcome, faults?: InvocationFaults): void {
  writeJsonLine(socket, faults?.launch ? { ...welcome, launch: faults.launch } : welcome);
  const answers = faults ? orderedAnswers() : undefined;
  if (answers) socket.on("close", () => answers.stop());
  readJsonLines(socket, (message) => {
    if (!isBridgeCall(message)) {
      socket.destroy(new Error(`not a bridge request: ${JSON.stringify(message).slice(0, 120)}`));
      return;
    }
    if (!faults || !answers) {
      writeJsonLine(socket, { id: message.id, response: encodeResponse(answer(app, message.request)) });
      return;
    }
    const fault = faults.nextCall();
    answers.push(fault, (done) => {
      const effect = fault.effect;
      const response = effect.kind === "none" || effect.kind === "never-settles" ? answer(app, message.request) : { outcome: fail(effect.failure) };
      if (!socket.destroyed) writeJsonLine(socket, { id: message.id, response: encodeResponse(response) });
      done();
    });
  });
}
