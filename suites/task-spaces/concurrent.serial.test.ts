// Parallel createTaskSpace calls from separate invocations get distinct ids, and all of them are
// listed (tagged serial, Kubernetes' [Serial]: on an installed target the runner gives it the
// app alone, so nothing else competes with its invocations). Its own file (*.serial.test.ts).
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { listedEntries } from "../../src/harness/probes.js";

/** How many invocations create at once. */
const PARALLEL = 4;

clause("task-spaces.create.concurrent-distinct-ids", async ({ spaces, session }) => {
  const invocations = await Promise.all(Array.from({ length: PARALLEL }, () => session()));
  // every invocation is up before any create, so the creates overlap
  await Promise.all(invocations.map((s) => s.evaluate(() => null)));
  const names = invocations.map((_, i) => spaces.name(`parallel-${i}`));
  const made = await Promise.all(invocations.map((s, i) => s.evaluate(async (p, name) => p.call("createTaskSpace", [name]), names[i]!)));
  const ids = made.map((m) => (m.value as { id?: unknown } | undefined)?.id);
  ids.forEach((id, i) => {
    if (typeof id === "number" || typeof id === "string") spaces.track({ id: id as number, name: names[i]! });
  });
  expect(made.map((m) => m.channel), "every create resolves").toEqual(names.map(() => "resolved"));
  // (whether the ids are numbers is the numeric-ids clauses' rule)
  expect(ids.every((id) => id !== undefined && id !== null), `every create answers an id: ${JSON.stringify(ids)}`).toBe(true);
  expect(new Set(ids).size, `${PARALLEL} parallel creates get ${PARALLEL} distinct ids: ${JSON.stringify(ids)}`).toBe(PARALLEL);
  const listed = await listedEntries(await session());
  for (const [i, name] of names.entries()) {
    expect(listed.find((e) => e.id === ids[i]), `'${name}' is listed under the id its create answered`).toMatchObject({ name });
  }
});
