/**
 * What happens when a real page asks the user something: a permission prompt hands the space to the
 * user until answered; a JavaScript dialog does so on builds before agent-answered dialogs, and on
 * current builds stays with the agent, who answers it over CDP (research 1.4, 1.7).
 */
import type { Behaviour } from "../behaviour/behaviour.js";
import type { Prompt } from "../chromium/space-pages.js";
import { returnControl, takeControl } from "./ownership.js";
import type { TaskSpace } from "./task-space.js";

/** What the rule needs of the app (./app.ts FakeApp is one): its behaviour, and the two hooks it sets. */
export interface PromptHost {
  readonly behaviour: Behaviour;
  onPrompt: (space: TaskSpace, prompt: Prompt) => void;
  onDialogClosed: (space: TaskSpace, targetId: string) => void;
}

export interface OpenPrompt {
  prompt: Prompt;
  /** the reason it handed the space over with, when it did */
  handedOver?: string;
}

/** The reason a prompt hands the space over with, or undefined when it leaves the agent in control. */
export function handOverReason(app: Pick<PromptHost, "behaviour">, prompt: Prompt): string | undefined {
  if (prompt.kind === "permission") return app.behaviour.promptMutants.geolocationKeepsControl ? undefined : prompt.permission;
  return app.behaviour.dialogReasonKey;
}

/** Installs the rule on the app (called once per app with real pages). */
export function handlePrompts(app: PromptHost, open: Map<number, OpenPrompt[]>): void {
  app.onPrompt = (space: TaskSpace, prompt: Prompt) => {
    const reason = handOverReason(app, prompt);
    const list = open.get(space.id) ?? [];
    list.push(reason === undefined ? { prompt } : { prompt, handedOver: reason });
    open.set(space.id, list);
    if (reason !== undefined) takeControl(space, reason);
  };
  // answered on a CDP session (the agent's, on builds where a dialog leaves it in control), or its page closed
  app.onDialogClosed = (space: TaskSpace, targetId: string) => {
    const list = open.get(space.id) ?? [];
    for (const gone of list.filter((p) => p.prompt.kind === "dialog" && p.prompt.targetId === targetId)) {
      list.splice(list.indexOf(gone), 1);
      controlBackAfter(space, list, gone);
    }
  };
}

/** A prompt that handed the space over is settled: control goes back unless another such prompt of the space is still open. */
function controlBackAfter(space: TaskSpace, stillOpen: readonly OpenPrompt[], settled: OpenPrompt): void {
  if (settled.handedOver !== undefined && !stillOpen.some((p) => p.handedOver !== undefined) && space.control?.reason === settled.handedOver) returnControl(space);
}

/** The operator answers the space's oldest open prompt; false when there is none. */
export async function answerPrompt(open: Map<number, OpenPrompt[]>, space: TaskSpace, answer: { accept: boolean; promptText?: string }): Promise<boolean> {
  const list = open.get(space.id);
  const first = list?.shift();
  if (first === undefined) return false;
  if (first.prompt.kind === "dialog") await first.prompt.answer(answer.accept, answer.promptText);
  else await first.prompt.answer(answer.accept);
  controlBackAfter(space, list ?? [], first);
  return true;
}
