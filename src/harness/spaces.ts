/**
 * Task spaces a test needs, made by this run and only by this run (Pact-style typed provider
 * states). Every name carries the run's prefix; every id created is recorded and closed again
 * in reverse order when the test ends, including spaces a probe created by name.
 */
import type { Json } from "../contract/arguments.js";
import type { Session, Target } from "../target/target.js";
import { closeSpaces } from "../safety/close-spaces.js";
import { listSpaces } from "./probes.js";
import { PreconditionError } from "./precondition.js";

export interface OwnSpace {
  /** the id as the build returned it (a number on conforming builds) */
  id: number;
  name: string;
}

export { PreconditionError } from "./precondition.js";

/** the clause that owns "this task-scoped call succeeds with its status string", per method */
const STATUS_CLAUSE: Record<string, string> = {
  completeTaskSpace: "task-spaces.complete.status",
  handOffTaskSpace: "task-spaces.hand-off.status",
  takeOverTaskSpace: "task-spaces.take-over.status",
  closeTaskSpace: "task-spaces.close.status",
  setAgentTaskState: "task-state.set.status",
  animationHighlightMouseToPosition: "task-state.highlight.status",
};

const CLOSE_POLL_MS = 50;
const CLOSE_BOUND_MS = 5000;

export class RunSpaces {
  private readonly created: OwnSpace[] = [];
  private counter = 0;
  private session: Session | undefined;

  constructor(
    private readonly target: Target,
    /** `ego-conformance <run-id> <clause-id>`: every space this test makes starts with it */
    readonly prefix: string,
  ) {}

  /** A fresh name under this test's prefix. */
  name(label = "space"): string {
    this.counter += 1;
    return `${this.prefix} ${label}-${this.counter}`;
  }

  private async own(): Promise<Session> {
    // every call made here ignores the selection or makes its own right before (drive, cleanup)
    this.session ??= await this.target.openSession({ fresh: false });
    return this.session;
  }

  /** An agent-owned space (createTaskSpace), not selected anywhere. */
  async create(options: { label?: string; profileId?: string } = {}): Promise<OwnSpace> {
    const name = this.name(options.label);
    const session = await this.own();
    const args: Json[] = options.profileId === undefined ? [name] : [name, options.profileId];
    const made = await session.evaluate(async (p, args) => p.call("createTaskSpace", args), args);
    const value = made.value as { id?: unknown; name?: unknown } | undefined;
    if (made.channel !== "resolved" || value?.id === undefined || value?.id === null || (value as { error?: unknown }).error != null) {
      throw new PreconditionError(`precondition failed: could not create a task space '${name}': ${JSON.stringify(made)}`, "task-spaces.create.result-shape");
    }
    const space = { id: value.id as number, name };
    this.created.push(space);
    return space;
  }

  /** Run `calls` (task-scoped methods without arguments) on a space of ours, in order; each must succeed. */
  async drive(space: OwnSpace, calls: string[]): Promise<void> {
    // the spaces' own session: everything done in it either ignores the selection or makes its
    // own right before each call, so it needs no fresh invocation (through a CLI, each fresh one
    // is a process) and another drive in the same session cannot redirect a call
    const session = await this.own();
    const seen = await session.evaluate(
      async (p, id, calls) => {
        const out = [];
        for (const method of calls as string[]) {
          p.ego.useTaskSpace(id as number);
          out.push(await p.call(method, []));
        }
        return out;
      },
      space.id,
      calls,
    );
    const at = seen.findIndex((o) => o.channel !== "resolved" || (typeof o.value === "object" && o.value !== null && "error" in o.value));
    if (at >= 0) throw new PreconditionError(`precondition failed on space ${space.id}: ${calls[at]} ended ${JSON.stringify(seen[at])}`, STATUS_CLAUSE[calls[at]!] ?? "task-spaces.create.result-shape");
  }

  /** A space of ours with ownership `user`: created, then completed (and checked in the listing). */
  async userOwned(options: { label?: string } = {}): Promise<OwnSpace> {
    return this.complete(await this.create(options));
  }

  /** Complete a space of ours, so that it is user-owned (checked in the listing). */
  async complete(space: OwnSpace): Promise<OwnSpace> {
    await this.drive(space, ["completeTaskSpace"]);
    await this.expectListed(space, (entry) => entry.ownership === "user", "ownership 'user' after completeTaskSpace", "task-spaces.complete.user-owned-same-id");
    return space;
  }

  /** A space of ours handed off to the user (ownership agentDelegatedToUser, reason manual_takeover). */
  async delegated(options: { label?: string } = {}): Promise<OwnSpace> {
    const space = await this.create(options);
    await this.drive(space, ["handOffTaskSpace"]);
    await this.expectListed(space, () => true, "still listed after handOffTaskSpace", "task-spaces.hand-off.delegated");
    return space;
  }

  /**
   * A provider state the test stands on must hold, or the test cannot say anything: that is a
   * precondition failure (broken), while the clause that owns the behaviour fails on its own.
   */
  private async expectListed(space: OwnSpace, holds: (entry: Record<string, unknown>) => boolean, what: string, owner: string): Promise<void> {
    const session = await this.own();
    const listed = await session.evaluate(async (p) => p.ego.listTaskSpaces());
    const entries = (listed as { taskSpaces?: Record<string, unknown>[] } | null)?.taskSpaces ?? [];
    const entry = entries.find((e) => e.id === space.id);
    if (!entry || !holds(entry)) {
      throw new PreconditionError(`precondition failed: space ${String(space.id)} is not in the state the test needs (${what}); listed as ${JSON.stringify(entry ?? null)}`, owner);
    }
  }

  /** Record a space created some other way (operator, a probe), so cleanup closes it. */
  track(space: OwnSpace): void {
    this.created.push(space);
  }

  /**
   * Close every space of this test: the recorded ones and any listed space whose name carries
   * the prefix (src/safety/close-spaces.ts does the closing, name-checked and polled).
   */
  async cleanup(): Promise<void> {
    const session = await this.own();
    try {
      const recorded = new Set(this.created.map((s) => JSON.stringify(s.id)));
      const ours = (await listSpaces(session))
        .filter((e) => recorded.has(JSON.stringify(e.id)) || (typeof e.name === "string" && e.name.startsWith(this.prefix)))
        .map((e) => ({ id: e.id as Json, name: String(e.name) }))
        .reverse();
      const outcome = await closeSpaces(session, ours, { pollMs: CLOSE_POLL_MS, boundMs: CLOSE_BOUND_MS });
      if (outcome.problems.length) throw new Error(`cleanup of this test's task spaces failed: ${outcome.problems.join("; ")}`);
    } finally {
      await session.close();
      this.session = undefined;
    }
  }
}
