/**
 * Close named task spaces of ours, acting in the target only on an id the listing still shows under
 * that very name, so a stale or wrong choice cannot reach anybody else's space (claim or take over
 * first, since close acts on the agent's own space; close is eventually consistent, so poll).
 */
import type { Json } from "../contract/arguments.js";
import type { Session } from "../targets/target.js";

export interface SpaceToClose {
  id: Json;
  name: string;
}

export interface CloseOutcome {
  /** ids no longer listed at the end */
  closed: Json[];
  /** ids not acted on: no longer listed, or listed under another name */
  skipped: { id: Json; reason: string }[];
  /** what went wrong; empty when every space is gone */
  problems: string[];
  /** the clause whose rule the first problem with a known owner shows broken (none: the close clauses') */
  owner?: string;
}

export interface CloseOptions {
  pollMs?: number;
  boundMs?: number;
}

export async function closeOwnSpaces(session: Session, spaces: readonly SpaceToClose[], options: CloseOptions = {}): Promise<CloseOutcome> {
  if (spaces.length === 0) return { closed: [], skipped: [], problems: [] };
  return session.evaluate(
    async (p, wanted, pollMs, boundMs) => {
      // every step through the tolerant harness steps of the probe runtime: Promise-returning
      // useTaskSpace, status objects, older listing shapes, spaces without ids (found by name)
      type Want = { id: Json; name: string };
      const list = async () => (await p.spaces()).entries;
      const closed: Json[] = [];
      const skipped: { id: Json; reason: string }[] = [];
      const problems: string[] = [];
      let owner: string | undefined;
      // each space closed, with the id it is listed under now (another one after a claim that moved it)
      const acted: (Want & { listedAs: Json })[] = [];
      const userInControl = (obs: unknown) => JSON.stringify(obs ?? null).includes("EGO_TASK_SPACE_USER_IN_CONTROL");
      const now = await list();
      // twins (duplicate names) in a listing without ids: each wanted space takes its own entry
      const taken = new Set<unknown>();
      for (const want of wanted as Want[]) {
        const entry = p.findEntry(
          now.filter((e) => !taken.has(e)),
          want.id,
          want.name,
        );
        if (entry) taken.add(entry);
        if (!entry) {
          closed.push(want.id);
          continue;
        }
        const listedName = entry.name ?? entry.taskId;
        if (listedName !== want.name) {
          skipped.push({ id: want.id, reason: `listed as ${JSON.stringify(listedName)}, not ${JSON.stringify(want.name)}: not acted on` });
          continue;
        }
        // the listing's id, else the key the caller knows the space by (a listing of names only),
        // else its taskId (builds before numeric ids select by name): the first one the build
        // accepts for a selection
        const keys = [entry.id, want.id, entry.taskId].filter((k, i, all) => k !== undefined && k !== null && all.findIndex((o) => JSON.stringify(o) === JSON.stringify(k)) === i) as Json[];
        let key = keys[0] ?? want.id;
        for (const candidate of keys) {
          if (await p.use(candidate)) {
            key = candidate;
            break;
          }
        }
        const describe = (obs: unknown) => JSON.stringify(obs);
        let followed = false;
        try {
          if (entry.ownership === "user") {
            const claimed = await p.step("claimTaskSpace", [key]);
            if (!p.succeeded(claimed)) problems.push(`claim ${JSON.stringify(key)}: ${describe(claimed)}`);
            // a claim that moved the space to another id: followed when the listing shows that id under our name
            const answered = (claimed.value as { id?: Json } | null | undefined)?.id;
            if (p.succeeded(claimed) && answered !== undefined && answered !== null && JSON.stringify(answered) !== JSON.stringify(key)) {
              const moved = p.findEntry(await list(), answered, null);
              if (moved !== undefined && (moved.name ?? moved.taskId) === want.name) {
                key = answered;
                followed = true;
              }
            }
          }
          await p.use(key);
          let tookOver = false;
          if (entry.ownership === "agentDelegatedToUser") {
            const taken = await p.step("takeOverTaskSpace", []);
            if (!p.succeeded(taken)) problems.push(`take over ${JSON.stringify(key)}: ${describe(taken)}`);
            else tookOver = true;
          }
          let result = await p.step("closeTaskSpace", []);
          // Under user control without being listed as delegated (builds before
          // `delegated-ownership`, or control the user took; with or without an error_code):
          // take our space back, close again. User-owned without a listed ownership (older
          // listing shapes): claim it, close again.
          if (!p.succeeded(result)) {
            await p.use(key);
            if (p.succeeded(await p.step("takeOverTaskSpace", []))) tookOver = true;
            result = await p.step("closeTaskSpace", []);
          }
          if (!p.succeeded(result) && entry.ownership === undefined) {
            await p.step("claimTaskSpace", [key]);
            await p.use(key);
            result = await p.step("closeTaskSpace", []);
          }
          // only a close that succeeded is waited for: a refused one will not disappear
          if (!p.succeeded(result)) {
            problems.push(`close ${JSON.stringify(key)}: ${describe(result)}${tookOver && userInControl(result) ? " (still under user control after takeOverTaskSpace resolved)" : ""}`);
            if (tookOver && userInControl(result)) owner ??= "user-control.take-over.unblocks";
          } else acted.push({ ...want, listedAs: followed ? key : want.id });
        } catch (error) {
          problems.push(`close ${JSON.stringify(key)}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const deadline = Date.now() + (boundMs as number);
      for (;;) {
        const listed = await list();
        const still = new Set<unknown>();
        const left = acted.filter((w) => {
          const entry = p.findEntry(
            listed.filter((e) => !still.has(e)),
            w.listedAs,
            w.name,
          );
          if (entry) still.add(entry);
          return entry !== undefined;
        });
        if (left.length === 0 || Date.now() > deadline) {
          for (const w of acted) if (!left.includes(w)) closed.push(w.id);
          if (left.length) problems.push(`still listed after ${String(boundMs)} ms: ${left.map((w) => JSON.stringify(w.listedAs)).join(", ")}`);
          break;
        }
        await p.sleep(pollMs as number);
      }
      return { closed, skipped, problems, ...(owner === undefined ? {} : { owner }) };
    },
    spaces.map((s) => ({ id: s.id, name: s.name })) as Json,
    options.pollMs ?? 50,
    options.boundMs ?? 5000,
  ) as Promise<CloseOutcome>;
}
