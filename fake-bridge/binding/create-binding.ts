/**
 * One `globalThis.ego` object as one `ego-browser nodejs` invocation sees it: its own selection and
 * callback slots, the contract's failure channels, every settlement on a later turn. It reaches the
 * shared app through a BrowserPort (./port.ts), in process or over the fake app's socket.
 */
import { METHOD_NAMES, METHODS, type MethodName } from "../../src/contract/methods.js";
import type { EgoSurface } from "../../src/contract/ego-surface.js";
import type { FakeApp } from "../app/app.js";
import type { TaskFailure } from "../app/failures.js";
import type { BridgeRequest, BridgeResponse } from "../app/requests.js";
import type { SpaceKey } from "../app/task-space.js";
import { appPort } from "./app-port.js";
import { ArgumentProblem } from "./argument-problem.js";
import { CallbackSlot } from "./callback-slots.js";
import { requestArguments, type AsyncMethodName } from "./commands.js";
import { CDP_CHANNEL_UNAVAILABLE, errorObjectOf, INVALID_ARGUMENT, rejectionOf, sendErrorMessageOf, typeErrorWithCode } from "./errors.js";
import { settleOnNextTurn } from "./event-loop.js";
import { methodPresent, paramRulesFor } from "./params.js";
import type { BrowserPort } from "./port.js";
import { checkArguments } from "./validate.js";

export interface BindingOptions {
  /**
   * Whether the Node CDP channel is connected (default true). When it is not, sendCDPMessage
   * throws a TypeError with error_code EGO_CDP_CHANNEL_UNAVAILABLE (after argument checks).
   */
  cdpChannel?: boolean;
  /**
   * Told each time this binding's selection changes (useTaskSpace, or a command that selects):
   * the read-only view the library gives a unit test (../library). Not part of the surface.
   */
  onSelect?: (selection: SpaceKey) => void;
}

export function createBinding(app: FakeApp, options: BindingOptions = {}): EgoSurface {
  return createPortBinding(appPort(app), options);
}

/** A crash is a fake-bridge bug: it surfaces as an Error, never as a contract outcome. */
function crashError(crash: unknown): Error {
  return crash instanceof Error ? crash : new Error(`fake bridge: ${String(crash)}`);
}

export function createPortBinding(port: BrowserPort, options: BindingOptions = {}): EgoSurface {
  const b = port.behaviour;
  const cdpConnected = options.cdpChannel ?? true;
  let selection: SpaceKey | undefined;
  const select = (key: SpaceKey): void => {
    selection = key;
    options.onSelect?.(key);
  };
  const onCDPMessage = new CallbackSlot(b.cdpCallbacksCallNonFunctions);
  const onSendCDPMessageError = new CallbackSlot(b.cdpCallbacksCallNonFunctions);
  // events of a real browser's CDP sessions (responses come with their sends)
  port.onCdpEvent?.((text) => onCDPMessage.fire(text));
  if (b.syncCdpErrorCallback && port.sendSync === undefined) {
    throw new Error("the sync-cdp-error-callback mutant needs a port that answers synchronously");
  }

  /** The answer of the browser, with the selection change it asks for applied first. */
  function received(response: BridgeResponse): Extract<BridgeResponse, { outcome: unknown }> {
    if ("crash" in response) throw crashError(response.crash);
    if (response.select !== undefined) select(response.select);
    return response;
  }

  /** An argument problem on its channel: thrown, or resolved under the resolve-invalid-arguments mutant. */
  function argumentFailure(problem: ArgumentProblem): Promise<unknown> {
    if (!b.invalidArgumentsResolve) throw typeErrorWithCode(problem.message, INVALID_ARGUMENT, b);
    const failure = { code: INVALID_ARGUMENT, message: problem.message };
    return settleOnNextTurn((resolve) => resolve(errorObjectOf(failure, b)));
  }

  function validated<T>(method: MethodName, args: readonly unknown[], then: () => T): T | Promise<unknown> {
    try {
      checkArguments(method, paramRulesFor(method, b), args);
      return then();
    } catch (error) {
      if (error instanceof ArgumentProblem) return argumentFailure(error);
      throw error;
    }
  }

  /** How a failed command reaches the caller: the channel src/contract/methods.ts names. */
  function settle(method: AsyncMethodName, args: readonly unknown[]): Promise<unknown> {
    // the selection travels with the request, as it is at call time
    const request: BridgeRequest = { kind: "command", method, args, selection };
    const rejects = METHODS[method].userControl === "rejects" && !b.snapshotResolvesErrors;
    // the claim-not-found-rejects mutant: an unknown id rejects, on the wrong channel
    const rejectsNotFound = method === "claimTaskSpace" && b.claimNotFoundRejects;
    return new Promise((resolve, reject) => {
      port.send(request, (response) => {
        try {
          const { outcome } = received(response);
          // the status-objects mutant: a status string becomes {done: true}
          if (outcome.ok) resolve(b.statusObjects && typeof outcome.value === "string" ? { done: true } : outcome.value);
          else if (rejects || (rejectsNotFound && outcome.failure.code === "EGO_TASK_SPACE_NOT_FOUND")) reject(rejectionOf(outcome.failure, b));
          else resolve(errorObjectOf(outcome.failure, b));
        } catch (error) {
          reject(error);
        }
      });
    });
  }

  function asyncMethod(method: AsyncMethodName) {
    return (...args: unknown[]): Promise<unknown> =>
      validated(method, args, () => settle(method, requestArguments(method, args, b))) as Promise<unknown>;
  }

  /** useTaskSpace(id): a local, synchronous selection; it validates nothing browser-side. */
  function useTaskSpace(...args: unknown[]): unknown {
    return validated("useTaskSpace", args, () => {
      // the async-use-task-space mutant: a Promise of the id; the selection changes when it settles
      if (b.asyncUseTaskSpace) {
        return settleOnNextTurn((resolve) => {
          select(args[0] as SpaceKey);
          resolve(args[0]);
        });
      }
      select(args[0] as SpaceKey);
      return args[0];
    });
  }

  function reportSendError(failure: TaskFailure): void {
    if (b.cdpErrorCallbackNeverCalled) return;
    if (b.errorCodes) onSendCDPMessageError.fire(sendErrorMessageOf(failure, b), failure.code);
    else onSendCDPMessageError.fire(sendErrorMessageOf(failure, b));
  }

  /** sendCDPMessage(message): returns undefined; the answer or the pre-send failure comes later. */
  function sendCDPMessage(...args: unknown[]): unknown {
    return validated("sendCDPMessage", args, () => {
      if (!cdpConnected) throw typeErrorWithCode("The CDP channel is not connected.", CDP_CHANNEL_UNAVAILABLE, b);
      const request: BridgeRequest = { kind: "cdp", raw: args[0] as string, selection };
      if (b.syncCdpErrorCallback) {
        // the sync-cdp-error-callback mutant: a pre-send failure is reported inside the call
        const { outcome } = received(port.sendSync!(request));
        if (!outcome.ok) {
          reportSendError(outcome.failure);
          return undefined;
        }
      }
      port.send(request, (response) => {
        const { outcome } = received(response);
        if (outcome.ok) onCDPMessage.fire(outcome.value as string);
        else reportSendError(outcome.failure);
      });
      return undefined;
    });
  }

  const surface: Record<string, unknown> = {};
  for (const method of METHOD_NAMES) {
    if (!methodPresent(method, b)) continue;
    const impl = method === "useTaskSpace" ? useTaskSpace : method === "sendCDPMessage" ? sendCDPMessage : asyncMethod(method);
    Object.defineProperty(impl, "name", { value: method });
    surface[method] = impl;
  }
  Object.defineProperty(surface, "onCDPMessage", {
    get: () => onCDPMessage.get(),
    set: (v: unknown) => onCDPMessage.set(v),
    enumerable: true,
  });
  Object.defineProperty(surface, "onSendCDPMessageError", {
    get: () => onSendCDPMessageError.get(),
    set: (v: unknown) => onSendCDPMessageError.set(v),
    enumerable: true,
  });
  return surface as unknown as EgoSurface;
}
