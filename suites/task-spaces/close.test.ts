// closeTaskSpace: status string, and the space leaves the listing (eventually).
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { pollListing } from "../../src/harness/probes.js";
import { callOnFreshSpace } from "./on-fresh-space.js";

clause("task-spaces.close.status", async ({ ego, spaces }) => {
  const { own, seen } = await callOnFreshSpace(ego, spaces, "closeTaskSpace");
  expect(seen).toResolveStatus("closeTaskSpace", own.id);
});

clause("task-spaces.close.removes", async ({ ego, spaces }) => {
  const { own } = await callOnFreshSpace(ego, spaces, "closeTaskSpace");
  const after = await pollListing(ego, (entries) => !entries.some((e) => e.id === own.id));
  expect(after.map((e) => e.id), "the closed space is gone within 5 s").not.toContain(own.id);
});
