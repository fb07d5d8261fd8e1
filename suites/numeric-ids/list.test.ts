// Every listed space carries a numeric, unique id. Reading the listing is read-only, so the
// user's own spaces are inspected but never touched.
import { expect } from "vitest";
import { TaskSpaceId } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { listedEntries } from "../../src/harness/probes.js";

clause("numeric-ids.list.ids-are-numbers", async ({ ego, spaces }) => {
  await spaces.create();
  await spaces.userOwned();
  const entries = await listedEntries(ego);
  expect(entries.length).toBeGreaterThanOrEqual(2);
  for (const entry of entries) expect(TaskSpaceId.safeParse(entry.id).success, `id ${JSON.stringify(entry.id)} of '${String(entry.name)}'`).toBe(true);
});

clause("numeric-ids.list.ids-unique", async ({ ego, spaces }) => {
  await spaces.create({ label: "same" });
  await spaces.create({ label: "same" });
  const ids = (await listedEntries(ego)).map((e) => e.id);
  expect(new Set(ids).size, `ids ${JSON.stringify(ids)}`).toBe(ids.length);
});
