/**
 * The operator endpoint: what a person does in the fake browser's UI (src/contract/operator.ts),
 * plus inspection for tests (`listSpaces`, `snapshotState`, `describe`) and `shutdown`. Operator
 * misuse (an unknown space) answers `ok: false` with the FakeOperator's message.
 */
import type { Socket } from "node:net";
import type { UserSpaceOptions } from "../../src/contract/operator.js";
import type { FakeBrowser } from "../index.js";
import { readJsonLines, writeJsonLine } from "../../src/wire/json-lines.js";
import { OPERATOR_OPS, type OperatorCall, type OperatorOp } from "./protocol.js";
import type { AppState } from "./state-file.js";

/** The app's recorded state (./state-file.ts), plus what only the live endpoint knows. */
export interface ServerDescription extends AppState {
  /** `ego-browser nodejs` invocations connected right now */
  bridgeConnections: number;
}

/** A listed space as the operator sees it in the UI: no page models. */
export interface SpaceState {
  id: number;
  name: string;
  createdBy: string;
  ownership: string;
  control: { reason: string } | null;
  profileId: string;
  tabs: { targetId: string; url: string; title: string }[];
  activeTargetId: string;
  agentTaskState: string | null;
  lastHighlight: { x: number; y: number } | null;
  closing: boolean;
}

export interface AppSnapshot extends ServerDescription {
  spaces: SpaceState[];
}

export function spaceStates(browser: FakeBrowser): SpaceState[] {
  return browser.app.listed().map((s) => ({
    id: s.id,
    name: s.name,
    createdBy: s.createdBy,
    ownership: s.ownership,
    control: s.control ? { reason: s.control.reason } : null,
    profileId: s.profileId,
    tabs: s.tabs.map((t) => ({ targetId: t.targetId, url: t.url, title: t.title })),
    activeTargetId: s.activeTargetId,
    agentTaskState: s.agentTaskState,
    lastHighlight: s.lastHighlight ? { ...s.lastHighlight } : null,
    closing: s.closing,
  }));
}

type Handlers = Record<OperatorOp, (args: unknown[]) => unknown>;

function handlers(browser: FakeBrowser, control: { describe(): ServerDescription; shutdown(): void }): Handlers {
  const op = browser.operator;
  return {
    createUserSpace: ([name, options]) => op.createUserSpace(name as string, (options ?? undefined) as UserSpaceOptions | undefined),
    takeControl: ([id, reason]) => op.takeControl(id as number, reason as string),
    returnControl: ([id]) => op.returnControl(id as number),
    closeUserSpace: ([id]) => op.closeUserSpace(id as number),
    answerPrompt: ([id, answer]) => op.answerPrompt!(id as number, answer as { accept: boolean; promptText?: string }),
    listSpaces: () => spaceStates(browser).map(({ id, name, createdBy, ownership, control: c, closing }) => ({ id, name, createdBy, ownership, control: c, closing })),
    snapshotState: (): AppSnapshot => ({ ...control.describe(), spaces: spaceStates(browser) }),
    describe: () => control.describe(),
    shutdown: () => {
      setImmediate(control.shutdown);
      return null;
    },
  };
}

function isOperatorCall(message: unknown): message is OperatorCall {
  const m = message as { id?: unknown; op?: unknown; args?: unknown } | null;
  return typeof m === "object" && m !== null && typeof m.id === "number" && (OPERATOR_OPS as readonly unknown[]).includes(m.op) && Array.isArray(m.args);
}

export function serveOperator(socket: Socket, browser: FakeBrowser, control: { describe(): ServerDescription; shutdown(): void }): void {
  const table = handlers(browser, control);
  readJsonLines(socket, (message) => {
    if (!isOperatorCall(message)) {
      socket.destroy(new Error(`not an operator call: ${JSON.stringify(message).slice(0, 120)}`));
      return;
    }
    Promise.resolve()
      .then(() => table[message.op](message.args))
      .then(
        (value) => writeJsonLine(socket, { id: message.id, ok: true, value: value ?? null }),
        (error: unknown) => writeJsonLine(socket, { id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
  });
}
