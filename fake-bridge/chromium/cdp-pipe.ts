/**
 * The fake's own CDP connection to its Chromium over the DevTools pipe (fds 3 and 4). When the pipe
 * closes every waiting and later command is rejected, and Chromium exits with it.
 */
import type { Readable, Writable } from "node:stream";
import type { CdpSend } from "./page-cdp.js";
import { namedError } from "../../src/errors/named-error.js";

export type { CdpSend };

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

/** A CDP error answer: `code` and `message` as Chromium gave them. */
export class CdpError extends namedError("CdpError") {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${message}`);
  }
}

export class CdpPipe {
  private nextId = 1;
  private readonly waiting = new Map<number, { method: string; resolve(result: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Set<(event: CdpEvent) => void>();
  private buffered = "";
  private closedWith: Error | undefined;
  /** resolves when the pipe has closed */
  readonly closed: Promise<void>;

  constructor(
    private readonly out: Writable,
    input: Readable,
  ) {
    input.setEncoding("utf8");
    input.on("data", (chunk: string) => this.received(chunk));
    this.closed = new Promise<void>((resolve) => {
      const end = () => {
        this.close(new Error("the browser's DevTools pipe closed"));
        resolve();
      };
      input.once("close", end);
      input.once("error", end);
      out.once("error", end);
    });
  }

  /** Sends a command (to the browser, or to a page's session) and resolves with its result. */
  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<unknown> {
    if (this.closedWith !== undefined) return Promise.reject(new CdpError(method, -32000, this.closedWith.message));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { method, resolve, reject });
      this.out.write(`${JSON.stringify(sessionId === undefined ? { id, method, params } : { id, method, params, sessionId })}\0`);
    });
  }

  /** A sender bound to one flattened session. */
  session(sessionId: string): CdpSend {
    return (method, params) => this.send(method, params ?? {}, sessionId);
  }

  /** Every event of the browser and of every session; returns the unsubscribe. */
  onEvent(listener: (event: CdpEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get isClosed(): boolean {
    return this.closedWith !== undefined;
  }

  private received(chunk: string): void {
    this.buffered += chunk;
    let end: number;
    while ((end = this.buffered.indexOf("\0")) >= 0) {
      const text = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 1);
      this.dispatch(text);
    }
  }

  private dispatch(text: string): void {
    let message: { id?: number; result?: unknown; error?: { code?: number; message?: string }; method?: string; params?: Record<string, unknown>; sessionId?: string };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (typeof message.id === "number") {
      const waiting = this.waiting.get(message.id);
      if (waiting === undefined) return;
      this.waiting.delete(message.id);
      if (message.error !== undefined) waiting.reject(new CdpError(waiting.method, message.error.code ?? -32000, message.error.message ?? "error"));
      else waiting.resolve(message.result ?? {});
      return;
    }
    if (typeof message.method !== "string") return;
    const event: CdpEvent = { method: message.method, params: message.params ?? {}, ...(message.sessionId !== undefined ? { sessionId: message.sessionId } : {}) };
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // a listener's failure is its own; the pipe goes on
      }
    }
  }

  private close(reason: Error): void {
    if (this.closedWith !== undefined) return;
    this.closedWith = reason;
    for (const [, waiting] of this.waiting) waiting.reject(new CdpError(waiting.method, -32000, reason.message));
    this.waiting.clear();
  }
}
