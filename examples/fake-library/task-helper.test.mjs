// A unit test of ./task-helper.mjs with Node's own test runner and the contract-faithful fake,
// in place of an ad hoc FakeEgo object: `node --test` in a project that installed ego-conformance.
// No TypeScript loader: "ego-conformance/fake" is compiled JavaScript.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { createFakeEgo } from "ego-conformance/fake";
import { openInTaskSpace } from "./task-helper.mjs";

let fake;
afterEach(() => fake?.close());

test("creates the space when none has the name, and opens the tab in it", async () => {
  fake = createFakeEgo();
  globalThis.ego = fake.ego;
  const { id } = await openInTaskSpace("research", "https://example.com/");
  assert.equal(fake.selection, id);
  assert.deepEqual(fake.calls.methods(), ["listTaskSpaces", "createTaskSpace", "useTaskSpace", "createTab"]);
  assert.equal(fake.space(id).tabs.length, 2); // the blank default tab and the new one
});

test("claims a user-owned space of that name instead of creating one", async () => {
  fake = createFakeEgo({ spaces: [{ id: 7, name: "inbox", ownership: "user", tabs: [{ url: "https://mail.example/", title: "Mail" }] }] });
  globalThis.ego = fake.ego;
  const { id } = await openInTaskSpace("inbox", "https://mail.example/compose");
  assert.equal(id, 7);
  assert.equal(fake.space(7).ownership, "agent");
  assert.deepEqual(fake.calls.methods(), ["listTaskSpaces", "claimTaskSpace", "useTaskSpace", "createTab"]);
});

test("reports the user's control with its reason key when the user takes over mid-way", async () => {
  fake = createFakeEgo({ spaces: [{ id: 3, name: "checkout" }] });
  globalThis.ego = fake.ego;
  // the user takes control right after the helper selected the space
  fake.hooks.atSettle("useTaskSpace", () => fake.operator.takeControl(3, "location"), { once: true });
  assert.deepEqual(await openInTaskSpace("checkout", "https://shop.example/pay"), { blocked: "location" });
  const createTab = fake.calls.list({ method: "createTab" })[0];
  assert.equal(createTab.errorCode, "EGO_TASK_SPACE_USER_IN_CONTROL");
});

test("surfaces a browser-side failure with its documented code", async () => {
  fake = createFakeEgo();
  globalThis.ego = fake.ego;
  fake.failNext("createTaskSpace", "EGO_OPERATION_FAILED");
  await assert.rejects(openInTaskSpace("research", "https://example.com/"), /createTaskSpace failed: EGO_OPERATION_FAILED/);
});

test("works on an older build without error codes (persona pre-error-codes)", async () => {
  fake = createFakeEgo({ persona: "pre-error-codes" });
  globalThis.ego = fake.ego;
  fake.failNext("createTaskSpace", "EGO_OPERATION_FAILED", "could not create");
  await assert.rejects(openInTaskSpace("research", "https://example.com/"), /createTaskSpace failed: could not create/);
});
