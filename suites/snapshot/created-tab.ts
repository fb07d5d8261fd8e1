/**
 * Opening a page in a new tab of a space and waiting, with a bound, until a snapshot shows it: the
 * docs promise no moment at which a new tab's page is there, so the wait polls, and a text counts in
 * any form the free-form content prints it.
 */
import type { Json } from "../../src/contract/arguments.js";
import type { ClauseContext } from "../../src/harness/clause.js";
import { stoppedBy, type PreconditionError } from "../../src/harness/precondition.js";
import { selectionRefused } from "../../src/harness/test-spaces.js";
import type { Observation } from "../../src/probe/observation.js";
import { textPattern } from "./snapshot-text.js";

/** The clause whose rule a page that never shows in a snapshot after createTab breaks. */
export const CAPTURES_NEW_TAB = "snapshot.create-tab.captures-new-tab";

/** How long a real page may take to show (Chromium loads a loopback page in well under it). */
export const LOAD_BOUND_MS = 15_000;

/** A text the page shows, at least `count` times (default once). */
export interface Mark {
  text: string;
  count?: number;
}

/** How far the page got: `last` is the answer the wait stopped on (createTab's, or the last snapshot's). */
export type Opened =
  | { stage: "createTab"; last: Observation }
  | { stage: "snapshot" | "content"; last: Observation; targetId: string }
  | { stage: "shown"; targetId: string; content: string; last: Observation };

/** The clause whose rule each stage's answer breaks: a createTab without a targetId, a snapshot that does not resolve, one that never shows the page. */
const STAGE_OWNER = { createTab: "tabs.create.result", snapshot: "snapshot.result-shape", content: CAPTURES_NEW_TAB } as const;

/**
 * A page that did not show, as the precondition failure it is: it names the clause whose rule the
 * answer it stopped on breaks, and records that answer's kind, which that clause must have failed
 * on for the failure to stand (src/outcomes/attribution.ts). In the owner's own probes it is the
 * owner's failure, on that answer.
 */
export function notShown(seen: Exclude<Opened, { stage: "shown" }>, url: string, shown: string): PreconditionError {
  const what = seen.stage === "createTab" ? `createTab(${url}) resolved no targetId` : seen.stage === "snapshot" ? `snapshot() after createTab(${url}) did not resolve` : `no snapshot after createTab(${url}) showed ${shown}`;
  return stoppedBy(seen.last, STAGE_OWNER[seen.stage], what);
}

/**
 * How long to wait for a page to show: on a target with real pages (capability `pages`) a page
 * loads on its own time; without them a tab's page is the target's model, there when createTab
 * answers or never, so one snapshot says it.
 */
export const loadBound = (ctx: ClauseContext): number => (ctx.target.info.capabilities.has("pages") ? LOAD_BOUND_MS : 0);

/** createTab(url) in the space, then snapshots (at least one, more until `boundMs`) until one shows every mark. */
export async function openAndShow(ctx: ClauseContext, spaceId: number, url: string, marks: readonly Mark[], boundMs: number): Promise<Opened> {
  // each text in any form the content prints it (./snapshot-text.ts, textPattern)
  const patterns = marks.map((m) => ({ pattern: textPattern(m.text), count: m.count ?? 1 }));
  const seen = await ctx.ego.evaluate(
    async (p, id, url, marks, boundMs) => {
      if (!(await p.use(id)) && typeof id !== "number") return null;
      const made = await p.call("createTab", [url]);
      const tab = made.value as { targetId?: unknown } | undefined;
      if (made.channel !== "resolved" || typeof tab?.targetId !== "string") return { stage: "createTab", last: made };
      const deadline = Date.now() + boundMs;
      const poll = p.poll();
      for (;;) {
        const o = await poll.attempt(() => p.call("snapshot", [{}]));
        const content = (o.value as { content?: unknown } | undefined)?.content;
        const shows = (m: { pattern: string; count: number }) => typeof content === "string" && [...content.matchAll(new RegExp(m.pattern, "gu"))].length >= m.count;
        // a shown page's answer without its value: the content is returned once
        if (o.channel === "resolved" && (marks as { pattern: string; count: number }[]).every(shows)) return { stage: "shown", targetId: tab.targetId, content: content as string, last: { call: o.call, channel: o.channel } };
        if (Date.now() >= deadline) return { stage: o.channel === "resolved" ? "content" : "snapshot", targetId: tab.targetId, last: o };
        await p.sleep(100);
      }
    },
    spaceId,
    url,
    patterns as unknown as Json,
    boundMs,
  );
  // a string id the build handed out and its own useTaskSpace refused
  if (seen === null) throw selectionRefused(spaceId);
  return seen as unknown as Opened;
}
