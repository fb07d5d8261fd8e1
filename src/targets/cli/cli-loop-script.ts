/**
 * The probe loop a session's `ego-browser nodejs` process runs. The launcher forwards no environment,
 * so the connect-back address and token travel in the script text; `probeLoop` runs inside the target
 * and must be self-contained, like the probe runtime.
 */
import { RAW_BRIDGE_SDK_MARKER } from "../../contract/clauses/launcher.js";
import { frameParts } from "./cli-output.js";

export type ConnectBackAddress = { path: string } | { host: string; port: number };

export interface LoopSetup {
  address: ConnectBackAddress;
  token: string;
  /** what the final status is printed between (./cli-output.ts frameParts) */
  frame: { prefix: string; suffix: string };
  /** the key of the global the --sdk-path module sets (Symbol.for(key)) */
  rawBridgeMarker: string;
}

/** The first message on the connection. */
export interface LoopHello {
  t: "hello";
  token: string;
  pid: number;
  node: string;
  egoType: string;
  /** the app's SDK marked the object as wrapped (Symbol.for("egoBrowser.sdkWrapped")) */
  sdkWrapped: boolean;
  /** the harness's --sdk-path module was loaded before the script (Symbol.for(RAW_BRIDGE_SDK_MARKER)) */
  rawBridgeSdk: boolean;
  cwd: string;
}

/** harness -> loop */
export type LoopCommand = { t: "eval"; id: number; program: string } | { t: "check"; id: number; notSelectedCode: string } | { t: "end" };

export interface ProbeFailure {
  name: string;
  message: string;
  stack?: string;
}

/** loop -> harness */
export type LoopReply =
  | { t: "result"; id: number; ok: true; value: unknown }
  | { t: "result"; id: number; ok: false; error: ProbeFailure }
  | { t: "checked"; id: number; state: CheckedState; why: string };

/**
 * What a freshness check found: as fresh as a new invocation; used (a selection made, callback
 * slots as at start: fit for sessions that select before each call); or failed (a slot changed,
 * or listTabs gave no answer of the documented kind: a bridge that lost its browser), never reused.
 */
export type CheckedState = "fresh" | "used" | "failed";

export interface LoopStatus {
  ok: boolean;
  probes: number;
  error?: ProbeFailure;
}

/**
 * Runs inside `ego-browser nodejs`. `check` answers whether this invocation is still as fresh as
 * a new one: both callback slots hold what they held at start, and a task-scoped call with
 * nothing selected answers EGO_TASK_SPACE_NOT_SELECTED (so no selection was made); and whether
 * at least the slots are unchanged (then it still serves sessions that make their own selection).
 */
export async function probeLoop(setup: LoopSetup, net: typeof import("node:net")): Promise<void> {
  const g = globalThis as unknown as { ego?: Record<string | symbol, unknown> };
  const ego = g.ego;
  function describe(e: unknown) {
    const error = e as { name?: unknown; message?: unknown; stack?: unknown } | null;
    return {
      name: typeof error?.name === "string" ? error.name : typeof e,
      message: typeof error?.message === "string" ? error.message : String(e),
      ...(typeof error?.stack === "string" ? { stack: error.stack } : {}),
    };
  }
  const status: { ok: boolean; probes: number; error?: unknown } = { ok: true, probes: 0 };
  const initialSlots = ego ? [ego.onCDPMessage, ego.onSendCDPMessageError] : [];
  try {
    const socket = net.createConnection(setup.address as never);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("error", reject);
    });
    socket.setEncoding("utf8");
    function send(message: unknown) {
      if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
    }
    function reply(id: number, run: () => Promise<unknown>) {
      run().then(
        (value) => {
          let json: unknown;
          try {
            const text = JSON.stringify(value);
            json = text === undefined ? null : JSON.parse(text);
          } catch (error) {
            send({ t: "result", id, ok: false, error: describe(error) });
            return;
          }
          send({ t: "result", id, ok: true, value: json });
        },
        (error: unknown) => send({ t: "result", id, ok: false, error: describe(error) }),
      );
    }
    async function check(id: number, notSelectedCode: string) {
      const slots = ego ? [ego.onCDPMessage, ego.onSendCDPMessageError] : [];
      if (!ego || slots[0] !== initialSlots[0] || slots[1] !== initialSlots[1]) {
        send({ t: "checked", id, state: "failed", why: "a callback slot changed" });
        return;
      }
      let seen: unknown;
      try {
        seen = await (ego.listTabs as () => Promise<unknown>)();
      } catch (error) {
        send({ t: "checked", id, state: "failed", why: `listTabs failed: ${describe(error).message}` });
        return;
      }
      const why = `listTabs answered ${JSON.stringify(seen)?.slice(0, 200)}`;
      // an answer of the documented kind: the tabs, or an error object
      const answer = typeof seen === "object" && seen !== null ? (seen as { tabs?: unknown; error?: unknown; error_code?: unknown }) : undefined;
      if (answer === undefined || (!Array.isArray(answer.tabs) && typeof answer.error !== "string")) {
        send({ t: "checked", id, state: "failed", why });
        return;
      }
      send({ t: "checked", id, state: answer.error_code === notSelectedCode ? "fresh" : "used", why });
    }
    send({
      t: "hello",
      token: setup.token,
      pid: process.pid,
      node: process.version,
      egoType: typeof ego,
      sdkWrapped: Boolean(ego && ego[Symbol.for("egoBrowser.sdkWrapped")]),
      rawBridgeSdk: (globalThis as Record<symbol, unknown>)[Symbol.for(setup.rawBridgeMarker)] === true,
      cwd: process.cwd(),
    });
    await new Promise<void>((resolve) => {
      let buffered = "";
      socket.on("close", () => resolve());
      socket.on("error", (error) => {
        status.ok = false;
        status.error = describe(error);
      });
      socket.on("data", (chunk: string) => {
        buffered += chunk;
        let newline = buffered.indexOf("\n");
        while (newline !== -1) {
          const message = JSON.parse(buffered.slice(0, newline)) as { t: string; id: number; program?: string; notSelectedCode?: string };
          buffered = buffered.slice(newline + 1);
          newline = buffered.indexOf("\n");
          if (message.t === "eval") {
            status.probes += 1;
            const program = message.program as string;
            reply(message.id, async () => ((0, eval)(program) as (ego: unknown) => Promise<unknown>)(ego));
          } else if (message.t === "check") {
            void check(message.id, message.notSelectedCode as string);
          } else if (message.t === "end") {
            socket.end();
          }
        }
      });
    });
  } catch (error) {
    status.ok = false;
    status.error = describe(error);
  }
  process.stdout.write(`${setup.frame.prefix}${JSON.stringify(status)}${setup.frame.suffix}`);
  // The harness is done with this process, or gone (a dead CLI or worker closes the connection):
  // a probe still pending, or the bridge's own connection, must not keep it alive.
  setTimeout(() => process.exit(), 1000).unref();
}

/** The script text for one loop process. */
export function loopScript(address: ConnectBackAddress, token: string, nonce: string): string {
  const setup: LoopSetup = { address, token, frame: frameParts(nonce), rawBridgeMarker: RAW_BRIDGE_SDK_MARKER };
  // - under tsx esbuild's keepNames wraps named functions as __name(fn, "n"); the helper does not
  //   travel with Function.prototype.toString, so the script brings its own (as probeProgram does);
  // - a bundler may rewrite import() inside the function's source (vitest does), so the module is
  //   imported by the script text itself and handed in.
  return [
    "var __name = (fn) => fn;",
    'const net = await import("node:net");',
    `await (${probeLoop.toString()})(${JSON.stringify(setup)}, net);`,
    "",
  ].join("\n");
}
