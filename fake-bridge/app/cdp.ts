/**
 * The raw CDP channel of the selected space. There is no Chromium behind the fake, so the agent
 * host answers a few commands itself and reports every other method as unknown, with the error
 * objects Chromium's DevTools handler uses:
 * - Browser.getVersion -> {protocolVersion:'1.3', product:'Ego Lite/<version>', ...}
 *   (an unknown method on builds without the cdp-browser-getversion feature);
 * - Target.getTargets -> the selected space's tabs as targetInfos (scoped to the space, Q21);
 * - any other method -> {id, error:{code:-32601, message:"'<method>' wasn't found"}};
 * - a message with a sessionId -> -32001 "Session with given id not found." (no sessions exist);
 * - text that is not JSON -> {error:{code:-32700, ...}} without id; no integer id or no string
 *   method -> -32600 (choices: Chromium's wording, research Q21).
 *
 * Pre-send failures (nothing selected, space missing, under user control, not agent-owned) are
 * the access checks of ./access.ts with the CDP-specific texts: under user control the message
 * is "The task is under user control." without the reason key; a user-owned space reports
 * INACTIVE with "... Claim this task space before sending CDP messages." (research 1.3).
 */
import { accessTaskSpace } from "./access.js";
import type { CommandContext } from "./commands/context.js";
import { CDP_SEND_MESSAGES, fail, ok, type Outcome } from "./failures.js";
import { browserContextIdFor } from "./ids.js";
import type { TaskSpace } from "./task-space.js";

export const CDP_PROTOCOL_VERSION = "1.3";

type CdpResponse = { id?: number; result?: unknown; error?: { code: number; message: string } };

function respond(response: CdpResponse): string {
  return JSON.stringify(response);
}

function browserVersion(version: string): Record<string, string> {
  return {
    protocolVersion: CDP_PROTOCOL_VERSION,
    product: `Ego Lite/${version}`,
    revision: "@ego-conformance-fake",
    userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) EgoLite/${version} Safari/537.36`,
    jsVersion: "0.0.0",
  };
}

function targetInfos(space: TaskSpace): Record<string, unknown>[] {
  return space.tabs.map((t) => ({
    targetId: t.targetId,
    type: "page",
    title: t.title,
    url: t.url,
    attached: false,
    canAccessOpener: false,
    browserContextId: browserContextIdFor(space.profileId),
  }));
}

/** The agent host's answer to one message, as the JSON text onCDPMessage receives. */
export function answerCdpMessage(ctx: CommandContext, space: TaskSpace, raw: string): string {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return respond({ error: { code: -32700, message: "Message must be a valid JSON" } });
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) {
    return respond({ error: { code: -32700, message: "Message must be an object" } });
  }
  const { id, method, sessionId } = message as { id?: unknown; method?: unknown; sessionId?: unknown };
  if (typeof id !== "number" || !Number.isInteger(id)) {
    return respond({ error: { code: -32600, message: "Message must have integer 'id' property" } });
  }
  if (typeof method !== "string") return respond({ id, error: { code: -32600, message: "Message must have string 'method' property" } });
  if (sessionId !== undefined) return respond({ id, error: { code: -32001, message: "Session with given id not found." } });
  if (method === "Browser.getVersion" && ctx.app.behaviour.cdpBrowserGetVersion) {
    return respond({ id, result: browserVersion(ctx.app.version) });
  }
  if (method === "Target.getTargets") return respond({ id, result: { targetInfos: targetInfos(space) } });
  return respond({ id, error: { code: -32601, message: `'${method}' wasn't found` } });
}

/** Pre-send checks, then the answer. A failure carries the text onSendCDPMessageError receives. */
export function sendCdpMessage(ctx: CommandContext, raw: string): Outcome<string> {
  const access = accessTaskSpace(ctx.app, ctx.selection, "sendCDPMessage");
  if (!access.ok) {
    const { code, message } = access.failure;
    return fail({ code, message: CDP_SEND_MESSAGES[code] ?? message });
  }
  return ok(answerCdpMessage(ctx, access.value, raw));
}
