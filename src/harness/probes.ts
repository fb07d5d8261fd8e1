/**
 * Small probes several suites share. Each probe function is self-contained (it runs inside the
 * target); the helpers around them run in the harness.
 */
import type { Json } from "../contract/arguments.js";
import { METHODS, type MethodName } from "../contract/methods.js";
import { answerKind } from "../probe/answer-kind.js";
import type { Observation } from "../probe/observation.js";
import type { Session } from "../targets/target.js";
import { listSpaces } from "../safety/probe-listing.js";
import { PreconditionError } from "./precondition.js";
import { selectionRefused } from "./refused-selection.js";

export type Entry = Record<string, Json>;

/**
 * Observe `ego[method](...args)` in a session, optionally after selecting `select` (a harness
 * step: awaited when useTaskSpace returns a Promise). The observed call itself is raw. A string
 * id the build handed out and its useTaskSpace refuses is a precondition failure (./refused-selection.ts).
 */
export async function observeCall(session: Session, method: string, args: Json[] = [], select?: Json): Promise<Observation> {
  const seen = await session.evaluate(
    async (p, method, args, select) => {
      if (select !== null && !(await p.use(select)) && typeof select !== "number") return null;
      return p.call(method as string, args as Json[]);
    },
    method,
    args,
    select === undefined ? null : select,
  );
  // a string id the build handed out and its useTaskSpace refused: the call would judge nothing of its own
  if (seen === null) throw selectionRefused(select!);
  return seen as Observation;
}

/**
 * Observe `ego[method](...args)` as its documented failure channel shows (matched by
 * toFailOnDocumentedChannel): sendCDPMessage through p.cdp, which records the callbacks it
 * causes; every other method as observeCall does.
 */
export async function observeOnDocumentedChannel(session: Session, method: MethodName, args: Json[] = [], select?: Json): Promise<Observation> {
  if (METHODS[method].userControl !== "callback") return observeCall(session, method, args, select);
  return session.evaluate(
    async (p, message, select) => {
      if (select !== null && !(await p.use(select)) && typeof select !== "number") return null;
      return p.cdp(message);
    },
    args[0] as string,
    select === undefined ? null : select,
  ).then((seen) => {
    if (seen === null) throw selectionRefused(select!);
    return seen as Observation;
  });
}

/**
 * The listing's entries (src/safety/probe-listing.ts, read tolerantly: the contract's `{taskSpaces}`
 * and the older shapes). No list at all is a precondition the listing clause owns.
 */
export async function listedEntries(session: Session): Promise<Entry[]> {
  const listed = await listSpaces(session);
  if (!listed.ok) throw new PreconditionError(`precondition failed: ${listed.reason}`, "task-spaces.list.entry-shape", answerKind(listed.observation));
  return listed.entries;
}

/** The listed entry of a space: by id, else (ids absent or of another form) by `name` when given. */
export async function entryOf(session: Session, id: Json, name?: string): Promise<Entry | undefined> {
  const seen = await session.evaluate(
    async (p, id, name) => {
      const listed = await p.spaces();
      return { ok: listed.ok, reason: listed.reason ?? null, observation: listed.observation, entry: listed.ok ? (p.findEntry(listed.entries, id, name) ?? null) : null };
    },
    id,
    name ?? null,
  );
  if (!seen.ok) throw new PreconditionError(`precondition failed: ${String(seen.reason)}`, "task-spaces.list.entry-shape", answerKind(seen.observation as Observation));
  return (seen.entry ?? undefined) as Entry | undefined;
}

/** An id no listed space has (far above the largest), for lookups that must miss. */
export async function unusedId(session: Session): Promise<number> {
  const ids = (await listedEntries(session)).map((e) => e.id).filter((id): id is number => typeof id === "number");
  return Math.max(1000, ...ids) + 7919;
}

/** Poll the listing until `done(entries)` holds or the bound passes; returns the last listing. */
export async function pollListing(session: Session, done: (entries: Entry[]) => boolean, boundMs = 5000, everyMs = 50): Promise<Entry[]> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const entries = await listedEntries(session);
    if (done(entries) || Date.now() > deadline) return entries;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Select a space of ours in `session`, close it, and wait until the listing no longer shows it:
 * the id stays selected, for clauses about task calls on a space that no longer exists.
 */
export async function selectClosedSpace(session: Session, id: Json, name?: string): Promise<void> {
  await session.evaluate(async (p, id) => {
    await p.use(id);
    await p.step("closeTaskSpace", []);
  }, id);
  const key = JSON.stringify(id);
  await pollListing(session, (entries) => !entries.some((e) => JSON.stringify(e.id) === key || (name !== undefined && e.name === name)));
}
