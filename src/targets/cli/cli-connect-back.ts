/**
 * Where loop processes connect back to the harness: a unix socket in a fresh 0700 directory or a
 * loopback TCP port, never beyond this machine. Only the token of a process the harness started and
 * still waits for is accepted.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { makeTempDir, removeTempDir } from "../../scratch/scratch-dir.js";
import { readJsonLines, writeJsonLine } from "../../wire/json-lines.js";
import type { ConnectBackAddress, LoopCommand, LoopHello, LoopReply } from "./cli-loop-script.js";

export type ConnectBackKind = "unix" | "tcp";

type Request = Exclude<LoopCommand, { t: "end" }>;
type Sent<C> = C extends { id: number } ? Omit<C, "id"> : never;

export interface LoopConnection {
  readonly hello: LoopHello;
  /** sends a command and resolves with the loop's reply to it */
  request(command: Sent<Request>): Promise<LoopReply>;
  /** asks the loop to finish (it closes the connection and prints its final status) */
  end(): void;
  readonly isClosed: boolean;
  /** whether the connection keeps the harness alive (see CliProcess.keepAlive) */
  keepAlive(on: boolean): void;
  /** resolves when the connection is gone; pending requests then reject */
  readonly closed: Promise<void>;
}

function connection(socket: Socket, hello: LoopHello, replies: (onReply: (reply: LoopReply) => void) => void): LoopConnection {
  let nextId = 1;
  let isClosed = false;
  const pending = new Map<number, { resolve(reply: LoopReply): void; reject(error: Error): void }>();
  const closed = new Promise<void>((resolve) =>
    socket.on("close", () => {
      isClosed = true;
      for (const p of pending.values()) p.reject(new Error("the ego-browser process closed its connection"));
      pending.clear();
      resolve();
    }),
  );
  replies((reply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    waiter.resolve(reply);
  });
  return {
    hello,
    request(command) {
      if (isClosed) return Promise.reject(new Error("the ego-browser process closed its connection"));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        writeJsonLine(socket, { ...command, id });
      });
    },
    end: () => writeJsonLine(socket, { t: "end" }),
    keepAlive: (on) => {
      if (on) socket.ref();
      else socket.unref();
    },
    get isClosed() {
      return isClosed;
    },
    closed,
  };
}

export class ConnectBack {
  private readonly waiting = new Map<string, (c: LoopConnection) => void>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly address: ConnectBackAddress,
    private readonly dir: string | undefined,
  ) {
    server.on("connection", (socket) => this.accept(socket));
  }

  static async open(kind: ConnectBackKind = "unix"): Promise<ConnectBack> {
    const server = createServer();
    server.unref(); // the harness's own lifetime decides, not this server
    if (kind === "tcp") {
      await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", () => resolve()));
      const { port } = server.address() as { port: number };
      return new ConnectBack(server, { host: "127.0.0.1", port }, undefined);
    }
    const dir = await makeTempDir("ego-conformance-cb-", process.env, { marked: true }); // mode 0700; under the run's scratch directory in a run; marked: swept once its owner is gone
    const path = join(dir, "loop.sock");
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(path, () => resolve()));
    return new ConnectBack(server, { path }, dir);
  }

  static newToken(): string {
    return randomBytes(16).toString("hex");
  }

  /** Waits for the process holding `token`; `cancel` stops waiting (the process died or timed out). */
  expect(token: string): { connection: Promise<LoopConnection>; cancel(): void } {
    let cancel!: () => void;
    const connection = new Promise<LoopConnection>((resolve, reject) => {
      this.waiting.set(token, resolve);
      cancel = () => {
        if (this.waiting.delete(token)) reject(new Error("stopped waiting for the ego-browser process to connect"));
      };
    });
    connection.catch(() => {});
    return { connection, cancel };
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let onReply: ((reply: LoopReply) => void) | undefined;
    let accepted = false;
    readJsonLines(socket, (message) => {
      if (accepted) {
        onReply?.(message as LoopReply);
        return;
      }
      const hello = message as Partial<LoopHello>;
      const resolve = hello.t === "hello" && typeof hello.token === "string" ? this.waiting.get(hello.token) : undefined;
      if (!resolve) {
        socket.destroy(); // not a process this harness is waiting for
        return;
      }
      accepted = true;
      this.waiting.delete(hello.token!);
      resolve(connection(socket, hello as LoopHello, (fn) => (onReply = fn)));
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (this.dir) await removeTempDir(this.dir);
  }
}
