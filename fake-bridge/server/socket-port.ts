/**
 * The remote port (../binding/port.ts) an `ego-browser nodejs` process uses: requests go to the
 * fake app's bridge endpoint as JSON lines and answers come back in order, each on a socket
 * event (so never inside the call that sent it). The socket keeps the process alive only while a
 * request is pending, so a script exits as soon as its own work is done, as with the real host.
 * If the app goes away, pending and later requests answer with a crash: the binding rejects them.
 */
import { createConnection, type Socket } from "node:net";
import type { BridgeRequest, BridgeResponse } from "../app/requests.js";
import { resolveBehaviour, type Behaviour } from "../behaviour/behaviour.js";
import type { BrowserPort } from "../binding/port.js";
import { readJsonLines, writeJsonLine } from "../../src/wire/json-lines.js";
import { encodeRequest, type BridgeAnswer, type CdpEventLine, type Welcome } from "./protocol.js";

export interface SocketPort extends BrowserPort {
  readonly welcome: Welcome;
  close(): void;
}

export class AppUnreachableError extends Error {
  override name = "AppUnreachableError";
}

/** Connects to the bridge endpoint and waits for the app's welcome. */
export function connectSocketPort(socketPath: string, options: { sendSync?: BrowserPort["sendSync"] } = {}): Promise<SocketPort> {
  return new Promise((resolve, reject) => {
    const socket: Socket = createConnection(socketPath);
    let nextId = 1;
    let lost: string | undefined;
    const waiting = new Map<number, (response: BridgeResponse) => void>();
    let welcomed = false;
    let cdpListener: ((text: string) => void) | undefined;

    const lose = (why: string) => {
      if (lost !== undefined) return;
      lost = why;
      for (const deliver of waiting.values()) deliver({ crash: new Error(why) });
      waiting.clear();
    };

    socket.once("error", (error) => {
      if (!welcomed) reject(new AppUnreachableError(`the ego lite app is not running: nothing answers at ${socketPath} (${error.message})`));
      lose(`lost the connection to the ego lite app: ${error.message}`);
    });
    socket.on("close", () => lose("lost the connection to the ego lite app"));

    readJsonLines(socket, (message) => {
      if (!welcomed) {
        welcomed = true;
        const welcome = message as Welcome;
        const behaviour: Behaviour = resolveBehaviour({ features: new Set(welcome.features), faults: welcome.faults });
        socket.unref();
        resolve({
          welcome,
          behaviour,
          send(request, deliver) {
            if (lost !== undefined) {
              const why = lost;
              setImmediate(() => deliver({ crash: new Error(why) }));
              return;
            }
            const id = nextId++;
            if (waiting.size === 0) socket.ref();
            waiting.set(id, deliver);
            writeJsonLine(socket, { id, request: encodeRequest(request) });
          },
          onCdpEvent: (listener) => {
            cdpListener = listener;
          },
          ...(options.sendSync ? { sendSync: options.sendSync } : {}),
          close: () => socket.destroy(),
        });
        return;
      }
      if ((message as Partial<CdpEventLine>).t === "cdp-event") {
        cdpListener?.((message as CdpEventLine).text);
        return;
      }
      const { id, response } = message as BridgeAnswer;
      const deliver = waiting.get(id);
      if (!deliver) return;
      waiting.delete(id);
      if (waiting.size === 0) socket.unref();
      deliver("crash" in response ? { crash: new Error(`fake app: ${response.crash}`) } : response);
    });
  });
}
