/**
 * An Operator over the fake app server's operator endpoint, so runs through the `ego-browser` launcher
 * can still run clauses that need a person; every call is bounded.
 */
import { createConnection, type Socket } from "node:net";
import type { Operator, UserSpaceOptions } from "../../src/contract/operator.js";
import { readJsonLines, writeJsonLine } from "../../src/wire/json-lines.js";
import type { AppSnapshot, ServerDescription, SpaceState } from "./operator-endpoint.js";
import type { OperatorAnswer, OperatorOp } from "./protocol.js";
import { namedError } from "../../src/errors/named-error.js";

export interface FakeAppOperator extends Operator {
  listSpaces(): Promise<Pick<SpaceState, "id" | "name" | "createdBy" | "ownership" | "control" | "closing">[]>;
  snapshotState(): Promise<AppSnapshot>;
  describe(): Promise<ServerDescription>;
  /** asks the app to stop (it closes its sockets and exits) */
  shutdown(): Promise<void>;
  /** closes this client's connection (the app keeps running) */
  close(): Promise<void>;
}

export class OperatorEndpointError extends namedError("OperatorEndpointError") {}

export interface OperatorClientOptions {
  /** bound on one call, connection included (default 10 s) */
  timeoutMs?: number;
}

export function createOperatorClient(socketPath: string, options: OperatorClientOptions = {}): FakeAppOperator {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let socket: Socket | undefined;
  let connecting: Promise<Socket> | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  function connect(): Promise<Socket> {
    if (socket && !socket.destroyed) return Promise.resolve(socket);
    connecting ??= new Promise<Socket>((resolve, reject) => {
      const s = createConnection(socketPath);
      s.once("connect", () => {
        socket = s;
        connecting = undefined;
        s.unref(); // an idle client never keeps the process alive
        resolve(s);
      });
      s.once("error", (error) => {
        connecting = undefined;
        reject(new OperatorEndpointError(`cannot reach the fake app's operator endpoint at ${socketPath}: ${error.message}`));
      });
      s.on("close", () => failAll(new OperatorEndpointError(`the fake app's operator endpoint at ${socketPath} closed the connection`)));
      readJsonLines(s, (message) => {
        const answer = message as OperatorAnswer;
        const waiter = pending.get(answer.id);
        if (!waiter) return;
        pending.delete(answer.id);
        if (pending.size === 0) s.unref();
        if (answer.ok) waiter.resolve(answer.value);
        else waiter.reject(new Error(answer.error));
      });
    });
    return connecting;
  }

  async function call(op: OperatorOp, args: unknown[]): Promise<unknown> {
    const s = await connect();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new OperatorEndpointError(`operator ${op} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
      pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      s.ref();
      writeJsonLine(s, { id, op, args });
    });
  }

  return {
    createUserSpace: (name: string, opts?: UserSpaceOptions) => call("createUserSpace", opts === undefined ? [name] : [name, opts]) as Promise<{ id: number }>,
    takeControl: async (id: number, reason: string) => void (await call("takeControl", [id, reason])),
    returnControl: async (id: number) => void (await call("returnControl", [id])),
    closeUserSpace: async (id: number) => void (await call("closeUserSpace", [id])),
    answerPrompt: async (id: number, answer: { accept: boolean; promptText?: string }) => (await call("answerPrompt", [id, answer])) === true,
    listSpaces: () => call("listSpaces", []) as ReturnType<FakeAppOperator["listSpaces"]>,
    snapshotState: () => call("snapshotState", []) as Promise<AppSnapshot>,
    describe: () => call("describe", []) as Promise<ServerDescription>,
    shutdown: async () => void (await call("shutdown", [])),
    async close() {
      socket?.destroy();
      socket = undefined;
    },
  };
}
