/**
 * One bridge connection: an `ego-browser nodejs` invocation's binding. The server greets with the
 * build it emulates, then answers each request against the shared app, in the order received.
 * The selection is the binding's: it arrives with every request.
 */
import type { Socket } from "node:net";
import type { FakeApp } from "../app/app.js";
import { executeRequest, isAsyncMethodName, type BridgeRequest, type BridgeResponse } from "../app/requests.js";
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

export function serveBridge(socket: Socket, app: FakeApp, welcome: Welcome): void {
  writeJsonLine(socket, welcome);
  readJsonLines(socket, (message) => {
    if (!isBridgeCall(message)) {
      socket.destroy(new Error(`not a bridge request: ${JSON.stringify(message).slice(0, 120)}`));
      return;
    }
    writeJsonLine(socket, { id: message.id, response: encodeResponse(answer(app, message.request)) });
  });
}
