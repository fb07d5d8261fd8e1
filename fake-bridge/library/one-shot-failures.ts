/**
 * One-shot failures: the next call of a method fails browser-side with a documented code, once. The
 * binding still checks arguments first and reports through the method's own failure channel.
 */
import { ERROR_CODES, type ErrorCode } from "../../src/contract/error-codes.js";
import { METHODS, type MethodName } from "../../src/contract/methods.js";
import type { TaskFailure } from "../app/failures.js";
import type { BrowserPort } from "../binding/port.js";
import { nextTurn } from "../binding/event-loop.js";

/** The methods whose failures come from the browser: every async method, and sendCDPMessage. */
export type FailableMethod = Exclude<MethodName, "useTaskSpace">;

/** useTaskSpace is a local selection that validates nothing browser-side; it cannot fail there. */
export function isFailableMethod(method: string): method is FailableMethod {
  return method in METHODS && method !== "useTaskSpace";
}

export class OneShotFailures {
  private readonly armed = new Map<FailableMethod, TaskFailure[]>();

  /**
   * Arms a failure for the next call of `method` that passes its argument checks. Several armed
   * for one method are used one call each, in order. The code must be one the reference lists
   * (src/contract/error-codes.ts); EGO_INVALID_ARGUMENT is the binding's own synchronous throw,
   * which a call with bad arguments already gets.
   */
  failNext(method: FailableMethod, code: ErrorCode, message = `${code} (one-shot failure armed by the test)`): void {
    if (!isFailableMethod(method)) throw new Error(`failNext: ${String(method)} cannot fail browser-side (useTaskSpace is a local selection)`);
    if (!(ERROR_CODES as readonly string[]).includes(code)) throw new Error(`failNext: ${String(code)} is not an error code of the reference (${ERROR_CODES.join(", ")})`);
    if (code === "EGO_INVALID_ARGUMENT") throw new Error("failNext: EGO_INVALID_ARGUMENT is thrown by the binding for invalid arguments; call the method with them instead");
    const queue = this.armed.get(method) ?? [];
    queue.push({ code, message });
    this.armed.set(method, queue);
  }

  /** How many armed failures have not been used yet. */
  get pending(): number {
    let n = 0;
    for (const queue of this.armed.values()) n += queue.length;
    return n;
  }

  private take(method: FailableMethod): TaskFailure | undefined {
    const queue = this.armed.get(method);
    const failure = queue?.shift();
    if (queue?.length === 0) this.armed.delete(method);
    return failure;
  }

  /**
   * A port that answers an armed method's next request with its failure instead of passing it on.
   * The failure is answered on the next turn, scheduled when the request is sent, as the
   * in-process port schedules every answer (../binding/app-port.ts): answers keep the order of
   * the requests as they do there (an answer that waits on Chromium comes when it comes).
   */
  port(inner: BrowserPort): BrowserPort {
    const wrapped: BrowserPort = {
      behaviour: inner.behaviour,
      send: (request, deliver) => {
        const method: FailableMethod = request.kind === "cdp" ? "sendCDPMessage" : request.method;
        const failure = this.take(method);
        if (failure === undefined) inner.send(request, deliver);
        else nextTurn(() => deliver({ outcome: { ok: false, failure } }));
      },
    };
    if (inner.sendSync) wrapped.sendSync = (request) => inner.sendSync!(request);
    if (inner.onCdpEvent) wrapped.onCdpEvent = (listener) => inner.onCdpEvent!(listener);
    return wrapped;
  }
}
