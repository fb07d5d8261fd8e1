/**
 * The raw CDP channel of the selected space. With Chromium every message goes to the browser
 * (../chromium/cdp-relay.ts); with the page model there is no browser, so the app answers
 * Browser.getVersion and Target.getTargets itself and the rest with Chromium's own error objects.
 */
import { accessTaskSpace } from "./access.js";
import type { CommandContext } from "./commands/context.js";
import { CDP_SEND_MESSAGES, fail, ok, type Outcome } from "./failures.js";
import { browserContextIdFor } from "./ids.js";
import type { TaskSpace } from "./task-space.js";
import type { CdpMessage, CdpRelay } from "../chromium/cdp-relay.js";
import { spaceContext } from "./chromium-tabs.js";

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

/** The pre-send checks of ./access.ts with the CDP texts; a failure carries the text onSendCDPMessageError receives. */
function cdpAccess(ctx: CommandContext): Outcome<TaskSpace> {
  const access = accessTaskSpace(ctx.app, ctx.selection, "sendCDPMessage");
  if (access.ok) return access;
  const { code, message } = access.failure;
  return fail({ code, message: CDP_SEND_MESSAGES[code] ?? message });
}

/** Pre-send checks, then the page model's answer. */
export function sendCdpMessage(ctx: CommandContext, raw: string): Outcome<string> {
  const access = cdpAccess(ctx);
  return access.ok ? ok(answerCdpMessage(ctx, access.value, raw)) : access;
}

/**
 * With Chromium: the pre-send checks and the space's context (opened on first use) happen in
 * request order; the send itself does not hold later requests up (a page's dialog may wait for
 * the agent's next message). Text that is not a message with an integer id and a string method
 * is answered as the page model answers it (Chromium's wording), since no response could be
 * matched to it. The result is the response text, when Chromium sends it.
 */
export async function prepareRealCdp(ctx: CommandContext, raw: string, relay: CdpRelay): Promise<Outcome<() => Promise<string>>> {
  const access = cdpAccess(ctx);
  if (!access.ok) return access;
  const local = malformed(raw);
  if (local !== undefined) return ok(async () => local);
  const space = await spaceContext(ctx.app, access.value);
  const message = JSON.parse(raw) as CdpMessage;
  const forward = () => relay.forward(space, message, raw, { browserGetVersion: ctx.app.behaviour.cdpBrowserGetVersion, mutants: ctx.app.behaviour.cdpMutants });
  if (!activates(message) || ctx.app.behaviour.cdpActivateIgnored) return ok(forward);
  const record = access.value;
  return ok(async () => {
    const text = await forward();
    if (answeredWithResult(text)) record.activeTargetId = message.params!.targetId as string;
    return text;
  });
}

/**
 * Whether a message makes a tab the space's active tab: browser-level Target.activateTarget (the
 * relay has checked that its targetId is the space's). The active tab is what listTabs reports
 * and snapshot reads (clause tabs.cdp-activate.active-tab).
 */
function activates(message: CdpMessage): boolean {
  return message.method === "Target.activateTarget" && message.sessionId === undefined && typeof message.params?.targetId === "string";
}

function answeredWithResult(text: string): boolean {
  try {
    return (JSON.parse(text) as { result?: unknown }).result !== undefined;
  } catch {
    return false;
  }
}

/** The answer to text that cannot be forwarded as a message, or undefined when it can. */
function malformed(raw: string): string | undefined {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return respond({ error: { code: -32700, message: "Message must be a valid JSON" } });
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) return respond({ error: { code: -32700, message: "Message must be an object" } });
  const { id, method, sessionId } = message as { id?: unknown; method?: unknown; sessionId?: unknown };
  if (typeof id !== "number" || !Number.isInteger(id)) return respond({ error: { code: -32600, message: "Message must have integer 'id' property" } });
  if (typeof method !== "string") return respond({ id, error: { code: -32600, message: "Message must have string 'method' property" } });
  if (sessionId !== undefined && typeof sessionId !== "string") return respond({ id, error: { code: -32600, message: "Message must have string 'sessionId' property" } });
  return undefined;
}
