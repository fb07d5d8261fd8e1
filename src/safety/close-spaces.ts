/**
 * Close named task spaces of ours (run cleanup, sweep). The caller chooses the spaces by name on
 * its side (pure, tested); inside the target each one is acted on only if the listing still shows
 * that id with that very name, so a stale or wrong choice cannot reach anybody else's space.
 * User-owned spaces are claimed and delegated ones taken over first (close acts on the agent's
 * own space), and a close refused with EGO_TASK_SPACE_USER_IN_CONTROL is retried after a
 * takeover; close is eventually consistent, so the listing is polled with a bound.
 */
import type { Json } from "../contract/arguments.js";
import type { Session } from "../target/target.js";

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
}

export interface CloseOptions {
  pollMs?: number;
  boundMs?: number;
}

export async function closeSpaces(session: Session, spaces: readonly SpaceToClose[], options: CloseOptions = {}): Promise<CloseOutcome> {
  if (spaces.length === 0) return { closed: [], skipped: [], problems: [] };
  return session.evaluate(
    async (p, wanted, pollMs, boundMs) => {
      type Entry = { id: unknown; name?: unknown; ownership?: unknown };
      const list = async (): Promise<Entry[]> => {
        const listed = (await p.ego.listTaskSpaces()) as { taskSpaces?: Entry[] } | null;
        return Array.isArray(listed?.taskSpaces) ? listed.taskSpaces : [];
      };
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      const failed = (v: unknown) => typeof v === "object" && v !== null && "error" in v;
      const closed: unknown[] = [];
      const skipped: { id: unknown; reason: string }[] = [];
      const problems: string[] = [];
      const acted: unknown[] = [];
      const now = await list();
      for (const want of wanted as { id: unknown; name: string }[]) {
        const entry = now.find((s) => same(s.id, want.id));
        if (!entry) {
          closed.push(want.id);
          continue;
        }
        if (entry.name !== want.name) {
          skipped.push({ id: want.id, reason: `listed as ${JSON.stringify(entry.name)}, not ${JSON.stringify(want.name)}: not acted on` });
          continue;
        }
        try {
          if (entry.ownership === "user") {
            const claimed = await p.ego.claimTaskSpace(entry.id as number);
            if (failed(claimed)) problems.push(`claim ${JSON.stringify(entry.id)}: ${JSON.stringify(claimed)}`);
          }
          p.ego.useTaskSpace(entry.id as number);
          if (entry.ownership === "agentDelegatedToUser") {
            const taken = await p.ego.takeOverTaskSpace();
            if (failed(taken)) problems.push(`take over ${JSON.stringify(entry.id)}: ${JSON.stringify(taken)}`);
          }
          let result = await p.ego.closeTaskSpace();
          // Under user control without being listed as delegated (builds before
          // `delegated-ownership`, or control the user took): take our space back, close again.
          if (failed(result) && (result as { error_code?: unknown }).error_code === "EGO_TASK_SPACE_USER_IN_CONTROL") {
            const taken = await p.ego.takeOverTaskSpace();
            if (failed(taken)) problems.push(`take over ${JSON.stringify(entry.id)}: ${JSON.stringify(taken)}`);
            result = await p.ego.closeTaskSpace();
          }
          if (failed(result)) problems.push(`close ${JSON.stringify(entry.id)}: ${JSON.stringify(result)}`);
          acted.push(entry.id);
        } catch (error) {
          problems.push(`close ${JSON.stringify(entry.id)}: ${error instanceof Error ? error.message : String(error)}`);
          acted.push(entry.id);
        }
      }
      const deadline = Date.now() + (boundMs as number);
      for (;;) {
        const listed = await list();
        const left = acted.filter((id) => listed.some((s) => same(s.id, id)));
        if (left.length === 0 || Date.now() > deadline) {
          for (const id of acted) if (!left.some((l) => same(l, id))) closed.push(id);
          if (left.length) problems.push(`still listed after ${String(boundMs)} ms: ${left.map((id) => JSON.stringify(id)).join(", ")}`);
          break;
        }
        await p.sleep(pollMs as number);
      }
      return { closed, skipped, problems };
    },
    spaces.map((s) => ({ id: s.id, name: s.name })) as Json,
    options.pollMs ?? 50,
    options.boundMs ?? 5000,
  ) as Promise<CloseOutcome>;
}
