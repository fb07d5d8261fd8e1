/**
 * Real pages for snapshot clauses: the fixture pages (src/fixture-pages) on the suite file's
 * loopback server (src/harness/fixture-server.ts), opened in a space of this run. Every snapshot a
 * clause takes is attached to its Allure result as text.
 */
import * as allure from "allure-js-commons";
import type { Json } from "../../src/contract/arguments.js";
import { FIXTURE_PAGES, type FixturePageName, type FixtureServer } from "../../src/fixture-pages/index.js";
import type { ClauseContext } from "../../src/harness/clause.js";
import { stoppedBy } from "../../src/harness/precondition.js";
import { selectionRefused } from "../../src/harness/test-spaces.js";
import type { Observation } from "../../src/probe/observation.js";
import { LOAD_BOUND_MS, notShown, openAndShow, type Mark } from "./created-tab.js";

export interface Snapshot {
  content: string;
  refs: { refId?: number; backendNodeId: number; role: string; name: string; loc?: string; frameId?: string }[];
}

export interface OpenPage {
  spaceId: number;
  url: string;
  server: FixtureServer;
  /** the tab createTab made for the page (the one each snapshot of the space reads) */
  targetId: string;
}

/**
 * Opens a fixture page in a new tab of a space of this run (a new space, unless `inSpace` names one
 * the clause made), selected in ctx.ego, and waits (bounded) until a snapshot shows the page's
 * heading, its end (the whole document: src/fixture-pages/catalogue.ts) and every `alsoShows` text
 * (a frame's end, for a page with iframes), in any form the content prints them (./created-tab.ts).
 * The snapshots that follow read the tab createTab made: clause snapshot.create-tab.captures-new-tab.
 */
export async function openFixturePage(
  ctx: ClauseContext,
  server: () => Promise<FixtureServer>,
  page: FixturePageName,
  alsoShows: Mark[] = [],
  inSpace?: number,
): Promise<OpenPage> {
  const srv = await server();
  const url = srv.url(page);
  const own = inSpace === undefined ? await ctx.spaces.create() : { id: inSpace };
  const { heading, end } = FIXTURE_PAGES[page];
  const marks: Mark[] = [...(heading === undefined ? [] : [{ text: heading }]), ...(end === undefined ? [] : [{ text: end }]), ...alsoShows];
  const seen = await openAndShow(ctx, own.id, url, marks, LOAD_BOUND_MS);
  if (seen.stage !== "shown") {
    if (seen.stage === "content") await allure.attachment("last snapshot before giving up", JSON.stringify(seen.last, null, 2), "application/json");
    const shown = marks.map((m) => `'${m.text}'${(m.count ?? 1) > 1 ? ` ${m.count} times` : ""}`).join(", ");
    throw notShown(seen, url, `${shown} within ${LOAD_BOUND_MS / 1000} s`);
  }
  return { spaceId: own.id, url, server: srv, targetId: seen.targetId };
}

/** Takes a snapshot of the space's active tab; attaches its text (or how it failed) to the result. */
export async function observeSnapshot(ctx: ClauseContext, spaceId: number, options: Record<string, Json> = {}, label = ""): Promise<Observation> {
  const seen = await ctx.ego.evaluate(
    async (p, id, options) => {
      if (!(await p.use(id)) && typeof id !== "number") return null;
      return p.call("snapshot", [options]);
    },
    spaceId,
    options,
  );
  // a string id the build handed out and its own useTaskSpace refused
  if (seen === null) throw selectionRefused(spaceId);
  const name = `snapshot(${JSON.stringify(options)})${label ? ` ${label}` : ""}`;
  const content = (seen.value as { content?: unknown } | undefined)?.content;
  if (seen.channel === "resolved" && typeof content === "string") {
    await allure.attachment(name, content, "text/plain");
    await allure.attachment(`${name} refs`, JSON.stringify((seen.value as unknown as Snapshot).refs, null, 2), "application/json");
  } else await allure.attachment(`${name}: ${seen.channel}`, JSON.stringify(seen, null, 2), "application/json");
  return seen;
}

/**
 * A snapshot that must resolve {content: string, refs: array} (the clause's own assertion: its
 * options are the clause's). A failure records the kind of answer it failed on, as the contract
 * matchers do, so a precondition failure stopped by the same answer is laid on this clause.
 */
export async function takeSnapshot(ctx: ClauseContext, spaceId: number, options: Record<string, Json> = {}, label = ""): Promise<Snapshot> {
  const seen = await observeSnapshot(ctx, spaceId, options, label);
  const value = seen.value as unknown as Snapshot;
  if (seen.channel !== "resolved" || typeof value?.content !== "string" || !Array.isArray(value?.refs)) {
    throw stoppedBy(seen, ctx.clause.id, `snapshot(${JSON.stringify(options)}) resolves {content: string, refs: array}`);
  }
  return value;
}
