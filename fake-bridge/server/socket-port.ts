/**
 * The remote port of an `ego-browser nodejs` script's process: requests as JSON lines to the app,
 * answers in order. The process exits once its script has ended and no call is pending; a pending raw
 * CDP request does not hold it (sendCDPMessage returns undefined, so nothing waits on it).
 */
import { createConnection, type Socket } from "node:net";
import type { BridgeRequest, BridgeResponse } from "../app/requests.js";
import { resolveBehaviour, type Behaviour } from "../behaviour/behaviour.js";
import type { BrowserPort } from "../binding/port.js";
import { readJsonLines, writeJsonLine } from "../../src/wire/json-lines.js";
import { encodeRequest, type BridgeAnswer, type CdpEventLine, type Welcome } from "./protocol.js";
import { namedError } from "../../src/errors/named-error.js";

export interface SocketPort<W extends Welcome = Welcome> extends BrowserPort {
  readonly welcome: W;
  /** the script's body has ended: pending CDP requests stop holding the process */
  scriptEnded(): void;
  close(): void;
}

export class AppUnreachableError extends namedError("AppUnreachableError") {}

/** The build the app's welcome says the binding emulates, as switches. */
export function behaviourOf(welcome: Welcome): Behaviour {
  return resolveBehaviour({ features: new Set(welcome.features), openDetails: welcome.openDetails, mutants: welcome.mutants });
}

/** Connects to the bridge endpoint and waits for the app's welcome. */
export function connectSocketPort(socketPath: string, options: { sendSync?: BrowserPort["sendSync"] } = {}): Promise<SocketPort> {
  return portOver(createConnection(socketPath), options, (error) => new AppUnreachableError(`the ego lite app is not running: nothing answers at ${socketPath} (${error.message})`));
}

/** A port over a socket the app already holds the other end of (the script process's channel); waits for the welcome. */
export function portOverSocket<W extends Welcome>(socket: Socket, options: { sendSync?: BrowserPort["sendSync"] } = {}): Promise<SocketPort<W>> {
  return portOver(socket, options, (error) => new AppUnreachableError(`no welcome from the ego lite app: ${error.message}`));
}

function portOver<W extends Welcome>(socket: Socket, options: { sendSync?: BrowserPort["sendSync"] }, unreachable: (error: Error) => Error): Promise<SocketPort<W>> {
  return new Promise((resolve, reject) => {
    let nextId = 1;
    let lost: string | undefined;
    const waiting = new Map<number, (response: BridgeResponse) => void>();
    /** the pending requests that are raw CDP sends */
    const cdpWaiting = new Set<number>();
    let ended = false;
    /** the pending-cdp-holds-script mutant: a pending CDP request holds the process after the script ended */
    let holdCdpAfterEnd = false;
    const holdsProcess = () => waiting.size > cdpWaiting.size || (cdpWaiting.size > 0 && (!ended || holdCdpAfterEnd));
    const refresh = () => (holdsProcess() ? socket.ref() : socket.unref());
    let welcomed = false;
    let cdpListener: ((text: string) => void) | undefined;

    const lose = (why: string) => {
      if (lost !== undefined) return;
      lost = why;
      for (const deliver of waiting.values()) deliver({ crash: new Error(why) });
      waiting.clear();
    };

    socket.once("error", (error) => {
      if (!welcomed) reject(unreachable(error));
      lose(`lost the connection to the ego lite app: ${error.message}`);
    });
    socket.on("close", () => {
      if (!welcomed) reject(unreachable(new Error("the connection closed before the welcome")));
      lose("lost the connection to the ego lite app");
    });

    readJsonLines(socket, (message) => {
      if (!welcomed) {
        welcomed = true;
        const welcome = message as W;
        const behaviour = behaviourOf(welcome);
        holdCdpAfterEnd = behaviour.pendingCdpHoldsScript;
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
            waiting.set(id, deliver);
            if (request.kind === "cdp") cdpWaiting.add(id);
            refresh();
            writeJsonLine(socket, { id, request: encodeRequest(request) });
          },
          onCdpEvent: (listener) => {
            cdpListener = listener;
          },
          scriptEnded() {
            ended = true;
            refresh();
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
      cdpWaiting.delete(id);
      refresh();
      deliver("crash" in response ? { crash: new Error(`fake app: ${response.crash}`) } : response);
    });
  });
}
