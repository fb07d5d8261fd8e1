/**
 * Small probes several suites share. Each probe function is self-contained (it runs inside the
 * target); the helpers around them run in the harness.
 */
import type { Json } from "../contract/arguments.js";
import type { Observation } from "../probe/observation.js";
import type { Session } from "../target/target.js";

export type Entry = Record<string, Json>;

/** Observe `ego[method](...args)` in a session, optionally after selecting `select`. */
export async function observeCall(session: Session, method: string, args: Json[] = [], select?: Json): Promise<Observation> {
  return session.evaluate(
    async (p, method, args, select) => {
      if (select !== null) p.ego.useTaskSpace(select as number);
      return p.call(method as string, args as Json[]);
    },
    method,
    args,
    select === undefined ? null : select,
  ) as Promise<Observation>;
}

/** The raw listing (an error when listTaskSpaces does not resolve {taskSpaces}: a precondition). */
export async function listSpaces(session: Session): Promise<Entry[]> {
  const obs = await observeCall(session, "listTaskSpaces");
  const value = obs.value as { taskSpaces?: unknown } | undefined;
  if (obs.channel !== "resolved" || !Array.isArray(value?.taskSpaces)) {
    throw new Error(`precondition failed: listTaskSpaces did not resolve {taskSpaces}: ${JSON.stringify(obs)}`);
  }
  return value.taskSpaces as Entry[];
}

export async function entryOf(session: Session, id: Json): Promise<Entry | undefined> {
  return (await listSpaces(session)).find((e) => e.id === id);
}

/** An id no listed space has (far above the largest), for lookups that must miss. */
export async function unusedId(session: Session): Promise<number> {
  const ids = (await listSpaces(session)).map((e) => e.id).filter((id): id is number => typeof id === "number");
  return Math.max(1000, ...ids) + 7919;
}

/** Poll the listing until `done(entries)` holds or the bound passes; returns the last listing. */
export async function pollListing(session: Session, done: (entries: Entry[]) => boolean, boundMs = 5000, everyMs = 50): Promise<Entry[]> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const entries = await listSpaces(session);
    if (done(entries) || Date.now() > deadline) return entries;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Select a space of ours in `session`, close it, and wait until the listing no longer shows it:
 * the id stays selected, for clauses about task calls on a space that no longer exists.
 */
export async function selectClosedSpace(session: Session, id: Json): Promise<void> {
  await session.evaluate(async (p, id) => {
    p.ego.useTaskSpace(id as number);
    await p.ego.closeTaskSpace();
  }, id);
  await pollListing(session, (entries) => !entries.some((e) => e.id === id));
}
