/** The running fake app's record: what `ego-conformance fake status` reports and `stop` acts on. */
import { readFile } from "node:fs/promises";
import { removeOwnedFile, replaceOwnedFile } from "../../src/files/owned-files.js";
import type { PagesChoice } from "../../src/contract/pages-choice.js";

/** What the head of every state file the app writes holds: a file without it is not the app's, and is neither replaced nor removed. */
const isAppState = (head: string) => head.startsWith("{\n  \"pid\": ") && head.includes(`"bridgeSocket": `);

export interface AppState {
  pid: number;
  bridgeSocket: string;
  operatorSocket: string;
  version: string;
  features: string[];
  mutants: string[];
  persona?: string;
  closeDelayMs: number;
  /** ISO time the app started listening */
  startedAt: string;
  /** where the app's pages come from (`--pages`); absent in states written before pages were a choice */
  pages?: PagesChoice;
  /** why real pages were asked for and are not there */
  pagesWarning?: string;
}

export async function writeAppState(path: string, state: AppState): Promise<void> {
  await replaceOwnedFile(path, `${JSON.stringify(state, null, 2)}\n`, { recognise: isAppState, what: "the fake app's state file", mode: 0o600 });
}

/** The recorded state, or undefined when there is none or it is unreadable. */
export async function readAppState(path: string): Promise<AppState | undefined> {
  try {
    const state = JSON.parse(await readFile(path, "utf8")) as AppState;
    return typeof state.pid === "number" && typeof state.bridgeSocket === "string" ? state : undefined;
  } catch {
    return undefined;
  }
}

export async function removeAppState(path: string): Promise<void> {
  await removeOwnedFile(path, isAppState);
}
