// A created space stays listed while nobody touches it (150 s of the target's time), and so does a
// completed one. Its own *.slow.test.ts file, which the runner starts first, so the wait overlaps
// the other clauses; on a fake with a time scale it is that much shorter.
import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { entryOf } from "../../src/harness/probes.js";

/** How long the space is left alone, in the target's time. */
const IDLE_MS = 150_000;

clause(
  "task-spaces.create.idle-stays-listed",
  async ({ spaces, session, target }) => {
    const own = await spaces.create({ label: "idle" });
    // nobody touches it: no call selects it, claims it or lists it until the wait is over
    // window: the clause proves nothing closes the space, so it must outlast the idle time it judges
    await sleep(IDLE_MS / (target.info.timeScale ?? 1));
    // by id, or by name where the build's listing carries no ids of this form
    expect(
      await entryOf(await session(), own.id, own.name),
      `the space created ${IDLE_MS / 1000} s ago (target time) and left alone is still listed`,
    ).toMatchObject({ name: own.name });
  },
  { timeout: 240_000 },
);

clause(
  "task-spaces.list.idle-user-owned-stays",
  async ({ spaces, session, target }) => {
    const own = await spaces.userOwned({ label: "idle-user" });
    // window: the rule is about a space left idle, so the clause must leave it alone for longer than
    // the idle period a build may apply (IDLE_MS of target time; the fake compresses it)
    await sleep(IDLE_MS / (target.info.timeScale ?? 1));
    const ego = await session();
    // listed after the wait, and still listed by a second listing: listing closes nothing
    for (const listing of ["first", "second"]) {
      expect(
        await entryOf(ego, own.id, own.name),
        `the user-owned space left alone ${IDLE_MS / 1000} s (target time) is listed (${listing} listing)`,
      ).toMatchObject({ name: own.name });
    }
  },
  { timeout: 240_000 },
);
