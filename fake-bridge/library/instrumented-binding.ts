/**
 * One invocation's `globalThis.ego` with its call log and the test's hooks around it: exactly the
 * binding's surface, watched from outside, each CDP answer logged against its own send, raw answers and
 * missing methods applied here.
 */
import { METHOD_NAMES, type MethodName } from "../../src/contract/methods.js";
import type { EgoSurface } from "../../src/contract/ego-surface.js";
import type { BridgeResponse } from "../app/requests.js";
import type { SpaceKey } from "../app/task-space.js";
import { createPortBinding } from "../binding/create-binding.js";
import type { BrowserPort } from "../binding/port.js";
import { CallLog, type CallEntry } from "./call-log.js";
import type { Hooks } from "./hooks.js";
import { inBackground, isBackground } from "./background.js";
import { giveRawAnswer, RAW_CHANNEL_LOGGED, type RawAnswers } from "./raw-answers.js";

export interface InstrumentOptions {
  /** raw answers the test set, shared by the fake's invocations */
  rawAnswers?: RawAnswers;
  /** methods left out of the surface */
  without?: readonly MethodName[];
}

export interface InstrumentedBinding {
  /** the object to install as `globalThis.ego` */
  readonly ego: EgoSurface;
  /** every call this invocation made, with its channel and order */
  readonly calls: CallLog;
  /** what this invocation has selected (useTaskSpace, or a command that selected): read only */
  readonly selection: SpaceKey | undefined;
}

function isThenable(value: unknown): value is Promise<unknown> {
  return value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as { then?: unknown }).then === "function";
}

/**
 * The port side of the CDP log: the send being made is handed over synchronously (the binding
 * sends inside sendCDPMessage), and its one answer settles it; the binding gets the answer after
 * the settle hooks ran.
 */
function cdpLoggingPort(inner: BrowserPort, calls: CallLog, hooks: Hooks, sending: () => CallEntry | undefined): BrowserPort {
  function settleWith(entry: CallEntry | undefined, response: BridgeResponse): void {
    if (entry === undefined || "crash" in response) return;
    const { outcome } = response;
    if (outcome.ok) calls.settle(entry, "cdp-answer", outcome.value);
    else calls.settle(entry, "error-callback", [outcome.failure.message, inner.behaviour.errorCodes ? outcome.failure.code : undefined]);
  }
  const port: BrowserPort = {
    behaviour: inner.behaviour,
    send: (request, deliver) => {
      if (request.kind !== "cdp") return inner.send(request, deliver);
      const entry = sending();
      inner.send(request, (response) => {
        settleWith(entry, response);
        if (entry === undefined) return deliver(response);
        // an async settle hook holds back its own answer only: an answer never waits for another
        // (a CDP request a page never answers must not hold the ones after it)
        void inBackground(() => hooks.runAtSettle(entry)).then(() => deliver(response));
      });
    },
  };
  if (inner.sendSync) {
    port.sendSync = (request) => {
      const response = inner.sendSync!(request);
      if (request.kind === "cdp" && "outcome" in response && !response.outcome.ok) {
        const entry = sending();
        settleWith(entry, response);
        if (entry !== undefined) inBackground(() => hooks.runAtSettleNow(entry));
      }
      return response;
    };
  }
  if (inner.onCdpEvent) port.onCdpEvent = (listener) => inner.onCdpEvent!(listener);
  return port;
}

export function instrumentedBinding(port: BrowserPort, hooks: Hooks, options: InstrumentOptions = {}): InstrumentedBinding {
  const without = new Set(options.without ?? []);
  const calls = new CallLog();
  let selection: SpaceKey | undefined;
  let sending: CallEntry | undefined;
  const inner = createPortBinding(cdpLoggingPort(port, calls, hooks, () => sending), {
    onSelect: (key) => {
      selection = key;
    },
  }) as unknown as Record<string, unknown>;

  function wrap(method: MethodName, impl: (...args: unknown[]) => unknown) {
    return (...args: unknown[]): unknown => {
      const entry = calls.begin(method, args, { background: isBackground() });
      inBackground(() => hooks.runAtCall(entry));
      const raw = options.rawAnswers?.take(method);
      if (raw !== undefined) {
        calls.markOffContract(entry);
        const logged = (): void => calls.settle(entry, RAW_CHANNEL_LOGGED[raw.as], raw.value);
        return giveRawAnswer(
          raw,
          () => {
            logged();
            inBackground(() => hooks.runAtSettleNow(entry));
          },
          () => {
            logged();
            return inBackground(() => hooks.runAtSettle(entry));
          },
        );
      }
      let result: unknown;
      sending = method === "sendCDPMessage" ? entry : undefined;
      try {
        result = impl(...args);
      } catch (error) {
        calls.settle(entry, "threw", error);
        inBackground(() => hooks.runAtSettleNow(entry));
        throw error;
      } finally {
        sending = undefined;
      }
      if (isThenable(result)) {
        return result.then(
          async (value) => {
            calls.settle(entry, "resolved", value);
            await inBackground(() => hooks.runAtSettle(entry));
            return value;
          },
          async (error: unknown) => {
            calls.settle(entry, "rejected", error);
            await inBackground(() => hooks.runAtSettle(entry));
            throw error;
          },
        );
      }
      // sendCDPMessage settles when it is answered (cdpLoggingPort); any other synchronous method now
      if (method !== "sendCDPMessage") {
        calls.settle(entry, "returned", result);
        inBackground(() => hooks.runAtSettleNow(entry));
      }
      return result;
    };
  }

  const ego: Record<string, unknown> = {};
  for (const method of METHOD_NAMES) {
    const impl = inner[method];
    if (typeof impl !== "function" || without.has(method)) continue;
    const wrapped = wrap(method, impl as (...args: unknown[]) => unknown);
    Object.defineProperty(wrapped, "name", { value: method });
    ego[method] = wrapped;
  }
  for (const property of without.has("sendCDPMessage") ? [] : (["onCDPMessage", "onSendCDPMessageError"] as const)) {
    Object.defineProperty(ego, property, {
      get: () => inner[property],
      set: (value: unknown) => {
        inner[property] = value;
      },
      enumerable: true,
    });
  }
  return {
    ego: ego as unknown as EgoSurface,
    calls,
    get selection() {
      return selection;
    },
  };
}
