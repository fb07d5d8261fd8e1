/**
 * Task spaces a test needs, made by this run and only by this run: every name is recorded before
 * anything is created with it and every id right after, and cleanup closes, in reverse order, only
 * the spaces those records prove to be the test's.
 */
import type { Json } from "../contract/arguments.js";
import type { Session, Target } from "../targets/target.js";
import { boundWithin, chargeBudget, closeBudget } from "../safety/close-one-by-one.js";
import { closeOwnSpaces } from "../safety/close-own-spaces.js";
import { appearedSpaces } from "../safety/appeared.js";
import { APPEARED_VIA, type CreatedBy, type SpaceRecorder } from "../safety/ledger.js";
import { listSpaces } from "../safety/probe-listing.js";
import { matchRecords } from "../safety/proven-ours.js";
import { idKey, readListing } from "../safety/listed-space.js";
import { answerKind } from "../probe/answer-kind.js";
import type { Observation } from "../probe/observation.js";
import { listedEntries } from "./probes.js";
import { PreconditionError } from "./precondition.js";
import { noteCreatedWith, selectionRefused } from "./refused-selection.js";

export interface OwnSpace {
  /**
   * how the harness selects the space: the id as the build returned it (a number on conforming
   * builds, a string on some deviating ones), or its taskId (its name) on builds before numeric ids
   */
  id: number;
  name: string;
}

export { selectionRefused } from "./refused-selection.js";

/** the clause that owns "this task-scoped call succeeds with its status string", per method */
const STATUS_CLAUSE: Record<string, string> = {
  completeTaskSpace: "task-spaces.complete.status",
  handOffTaskSpace: "task-spaces.hand-off.status",
  takeOverTaskSpace: "task-spaces.take-over.status",
  closeTaskSpace: "task-spaces.close.status",
  setAgentTaskState: "task-state.set.status",
  animationHighlightMouseToPosition: "task-state.highlight.status",
};

/** the clause that owns "createTaskSpace resolves the new space" */
const CREATE_CLAUSE = "task-spaces.create.result-shape";
/** the clause that owns "createTaskSpace resolves a numeric id" */
const NUMERIC_ID_CLAUSE = "numeric-ids.create.id-is-number";
const CLOSE_POLL_MS = 50;
const CLOSE_BOUND_MS = 5000;
/**
 * The tests' cleanup shares one bound on closes that do not settle: a build
 * whose closed spaces stay listed costs each worker of a run at most this much waiting, not
 * CLOSE_BOUND_MS per space. The module is shared by every file of a worker (the conformance
 * config keeps the module graph), so this is one budget per worker; once it is spent a close is
 * still asked for, its space is reported as still listed (the close clauses own that rule) and
 * left to the run's cleanup and the ledger.
 */
export const TEST_CLEANUP_CLOSE_BUDGET_MS = 10_000;
const cleanupBudget = closeBudget(TEST_CLEANUP_CLOSE_BUDGET_MS);

export class TestSpaces {
  private readonly created: { id: Json; name: string; createdBy: CreatedBy }[] = [];
  private readonly names = new Set<string>();
  /** ids of spaces that appeared during this test's probes without a prefix (probed) */
  private readonly appeared = new Set<string>();
  private counter = 0;
  private session: Session | undefined;

  constructor(
    private readonly target: Target,
    /** `ego-conformance <run-id> <clause-id>`: every space this test makes starts with it */
    readonly prefix: string,
    /** the run ledger's recorder (installed targets), written as well as the test's own records */
    private readonly recorder?: SpaceRecorder,
  ) {}

  /** A fresh name under this test's prefix, recorded before anything is created with it. */
  name(label = "space"): string {
    this.counter += 1;
    const name = `${this.prefix} ${label}-${this.counter}`;
    this.names.add(name);
    this.recorder?.name(name);
    return name;
  }

  private record(space: { id: Json; name: string }, createdBy: CreatedBy, via: string): void {
    this.created.push({ id: space.id, name: space.name, createdBy });
    this.recorder?.space({ id: space.id, name: space.name, createdBy, via });
  }

  private async own(): Promise<Session> {
    // every call made here ignores the selection or makes its own right before (drive, cleanup)
    this.session ??= await this.target.openSession({ fresh: false });
    return this.session;
  }

  /**
   * An agent-owned space (createTaskSpace), not selected anywhere. The harness's handle is the id
   * the build returned, whatever its type; a build that returns none (before numeric ids: only
   * `{taskId, name}`) is found in the listing by the space's name (unique to this test).
   */
  async create(options: { label?: string; profileId?: string } = {}): Promise<OwnSpace> {
    const name = this.name(options.label);
    const session = await this.own();
    const args: Json[] = options.profileId === undefined ? [name] : [name, options.profileId];
    const made = await session.evaluate(
      async (p, args, name) => {
        const obs = await p.step("createTaskSpace", args as Json[]);
        if (!p.succeeded(obs)) return { obs, key: null };
        const value = obs.value as Record<string, Json> | null | undefined;
        const returned = typeof value === "object" && value !== null ? (value.id ?? null) : typeof value === "number" || typeof value === "string" ? value : null;
        if (returned !== null) return { obs, key: returned };
        const listed = await p.spaces();
        const entry = listed.ok ? p.findEntry(listed.entries, null, name) : undefined;
        return { obs, key: entry === undefined ? null : p.keyOf(entry) };
      },
      args,
      name,
    );
    if (made.key === null || made.key === undefined) {
      throw new PreconditionError(`precondition failed: could not create a task space '${name}' (or find it listed): ${JSON.stringify(made.obs)}`, CREATE_CLAUSE, answerKind(made.obs as Observation));
    }
    const space = { id: made.key as number, name };
    noteCreatedWith(space.id, answerKind(made.obs as Observation));
    this.record(space, "agent", "createTaskSpace");
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
          if (!(await p.use(id)) && typeof id !== "number") return null;
          const obs = await p.step(method, []);
          out.push({ obs, ok: p.succeeded(obs) });
          if (!p.succeeded(obs)) break;
        }
        return out;
      },
      space.id,
      calls,
    );
    // a string id the build handed out and its own useTaskSpace refused
    if (seen === null) throw selectionRefused(space.id);
    const at = seen.findIndex((o) => !o.ok);
    if (at >= 0) {
      const obs = seen[at]!.obs as Observation;
      throw new PreconditionError(`precondition failed on space ${JSON.stringify(space.id)}: ${calls[at]} ended ${JSON.stringify(obs)}`, STATUS_CLAUSE[calls[at]!] ?? CREATE_CLAUSE, answerKind(obs));
    }
  }

  /** A space of ours with ownership `user`: created, then completed (and checked in the listing). */
  async userOwned(options: { label?: string } = {}): Promise<OwnSpace> {
    return this.complete(await this.create(options));
  }

  /** Complete a space of ours, so that it is user-owned (checked in the listing). */
  async complete(space: OwnSpace): Promise<OwnSpace> {
    await this.drive(space, ["completeTaskSpace"]);
    await this.expectListed(space, { field: "ownership", value: "user" }, "task-spaces.complete.user-owned-same-id");
    return space;
  }

  /** A space of ours handed off to the user (ownership agentDelegatedToUser, reason manual_takeover). */
  async delegated(options: { label?: string } = {}): Promise<OwnSpace> {
    const space = await this.create(options);
    await this.drive(space, ["handOffTaskSpace"]);
    await this.expectListed(space, undefined, "task-spaces.hand-off.delegated");
    return space;
  }

  /**
   * A provider state the test stands on must hold, or the test cannot say anything: that is a
   * precondition failure naming the clause that owns the behaviour, which fails on its own. The
   * space is found by id, else by name; a listing that carries no such field (older shapes)
   * cannot contradict the state, and its own clauses judge the listing.
   */
  private async expectListed(space: OwnSpace, want: { field: string; value: Json } | undefined, owner: string): Promise<void> {
    const session = await this.own();
    const seen = await session.evaluate(
      async (p, id, name) => {
        const listed = await p.spaces();
        return { ok: listed.ok, reason: listed.reason ?? null, entry: listed.ok ? (p.findEntry(listed.entries, id, name) ?? null) : null };
      },
      space.id,
      space.name,
    );
    const entry = seen.entry as Record<string, Json> | null;
    if (!seen.ok || entry === null || (want !== undefined && entry[want.field] !== undefined && entry[want.field] !== want.value)) {
      const what = want === undefined ? "still listed" : `${want.field} ${JSON.stringify(want.value)}`;
      throw new PreconditionError(
        `precondition failed: space ${JSON.stringify(space.id)} is not in the state the test needs (${what}); listed as ${JSON.stringify(entry)}${seen.ok ? "" : ` (${String(seen.reason)})`}`,
        owner,
      );
    }
  }

  /**
   * Run a probe that may make a space nobody asked for (a bad argument a lenient build accepts):
   * the listing before and after it is compared (src/safety/appeared.ts), and every space that
   * appeared without a harness prefix is recorded as this test's (the ledger's APPEARED_VIA), so
   * cleanup closes it and the invariance check never counts it as the user's. A listing that
   * cannot be read takes nothing: the listing clauses judge it.
   */
  async probed<T>(probe: () => Promise<T>): Promise<T> {
    const before = await this.listed();
    try {
      return await probe();
    } finally {
      const after = before === undefined ? undefined : await this.listed();
      for (const space of after === undefined ? [] : appearedSpaces(before!, after)) {
        this.appeared.add(idKey(space.id));
        this.record({ id: space.id, name: space.name as string }, "agent", APPEARED_VIA);
      }
    }
  }

  private async listed() {
    const listed = await listSpaces(await this.own());
    const listing = listed.ok ? readListing({ taskSpaces: listed.entries }) : undefined;
    return listing?.ok ? listing.spaces : undefined;
  }

  /**
   * Record a space created some other way, right after it was made, so cleanup may close it: a
   * probe's createTaskSpace (createdBy "agent", the default), or the operator's regular Space
   * (`{ createdBy: "user" }`).
   */
  track(space: { id: Json; name: string }, options: { createdBy?: CreatedBy } = {}): void {
    const createdBy = options.createdBy ?? "agent";
    this.record(space, createdBy, createdBy === "user" ? "operator" : "probe");
  }

  /**
   * Close every space of this test: each listed space whose name carries the prefix and that
   * this test's records prove to be its own (src/safety/close-own-spaces.ts does the closing,
   * name-checked and polled). A space with the prefix that the records do not prove is left
   * alone and reported.
   */
  async cleanup(): Promise<void> {
    const session = await this.own();
    try {
      // the listing read tolerantly (older shapes; no list at all is the listing clause's precondition)
      const entries = await listedEntries(session);
      const listing = readListing({ taskSpaces: entries });
      if (!listing.ok) throw new Error(listing.reason);
      const records = { names: this.names, spaces: this.created };
      const claimed = new Set<object>();
      const judged = listing.spaces
        .map((e, i) => ({ e, raw: entries[i]! }))
        .filter(({ e }) => typeof e.name === "string" && (e.name === this.prefix || e.name.startsWith(`${this.prefix} `) || this.appeared.has(idKey(e.id))))
        .map(({ e, raw }) => {
          // the build gave an id when the space was made; the key to select it by is that id
          // (a listing of names only, builds before listing v2) or the listed taskId (builds
          // before numeric ids select by name)
          const record = this.created.find((r) => !claimed.has(r) && (idKey(r.id) === idKey(e.id) || (e.id === null && r.name === e.name)));
          if (record) claimed.add(record);
          // a listing without ids (names only, or before numeric ids) proves a space by the record
          // of this very name, made as listed (createdBy, when the listing shows it): the harness
          // closes it through the id the build returned for it
          const namesOnly = e.id === null && record !== undefined && record.id !== null && (e.createdBy === null || e.createdBy === record.createdBy);
          const m = namesOnly ? ({ kind: "recorded", by: "id" } as const) : matchRecords(e, records);
          return { e, m, key: (record?.id ?? e.id ?? raw.taskId ?? e.name) as Json };
        });
      const ours = judged
        .filter((j) => j.m.kind === "recorded")
        .map(({ e, key }) => ({ id: key, name: String(e.name) }))
        .reverse();
      const unproven = judged.filter((j) => j.m.kind !== "recorded").map(({ e, m }) => `${JSON.stringify(e.name)} (id ${JSON.stringify(e.id)}, createdBy ${JSON.stringify(e.createdBy)}): ${m.kind === "not-agent" ? "not created by the agent" : "looks like ours, not recorded"}; left alone`);
      // one probe per space, each with its own bound (cut to what is left of the worker's budget for closes that do not settle)
      const problems: string[] = [];
      let owner: string | undefined;
      let current: Session | undefined = session;
      for (const space of ours) {
        try {
          current ??= await this.target.openSession({ fresh: false });
          const boundMs = boundWithin(CLOSE_BOUND_MS, cleanupBudget);
          const started = Date.now();
          const outcome = await closeOwnSpaces(current, [space], { pollMs: CLOSE_POLL_MS, boundMs });
          chargeBudget(cleanupBudget, boundMs, started, outcome);
          problems.push(...outcome.problems);
          // a string id the close could not select stands on the numeric-id rule, not the close's
          if (outcome.problems.length && typeof space.id !== "number") owner ??= NUMERIC_ID_CLAUSE;
          owner ??= outcome.owner;
        } catch (error) {
          problems.push(`close ${JSON.stringify(space.id)}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
          // a probe that failed may have ended its session's process: the next space gets a new one
          if (current !== session) await current?.close().catch(() => undefined);
          current = undefined;
        }
      }
      if (current !== undefined && current !== session) await current.close().catch(() => undefined);
      problems.push(...unproven);
      // the spaces stay (sweep finds the recorded ones); the closing rule is the close clauses',
      // unless a close showed another clause's rule broken (a take-over that left the block)
      if (problems.length) throw new PreconditionError(`cleanup of this test's task spaces failed: ${problems.join("; ")}`, owner ?? "task-spaces.close.removes");
    } finally {
      await session.close();
      this.session = undefined;
    }
  }
}
