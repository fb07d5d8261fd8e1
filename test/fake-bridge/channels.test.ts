/**
 * Failure channels and event-loop delivery: regular commands resolve {error, error_code},
 * snapshot rejects an Error with an own error_code, CDP pre-send failures go to the callback;
 * nothing settles or fires synchronously or in a microtask of the call.
 */
import { describe, expect, it } from "vitest";
import { METHODS, TASK_SCOPED_METHODS, type MethodName } from "../../src/contract/index.js";
import { thrownBy } from "../support/thrown.js";
import { browser, microtasks, nextTurn, recordCdp, rejectionOf, turns, type Loose } from "./helpers.js";

const EXAMPLE_ARGS: Partial<Record<MethodName, unknown[]>> = {
  createTab: ["https://example.com/"],
  setAgentTaskState: ["working"],
  animationHighlightMouseToPosition: [1, 2],
};
const callTask = (ego: Loose, m: MethodName) => ego[m](...(EXAMPLE_ARGS[m] ?? []));

describe("nothing selected: each task-scoped method on its own channel", () => {
  for (const m of TASK_SCOPED_METHODS) {
    it(`${m} -> EGO_TASK_SPACE_NOT_SELECTED via ${METHODS[m].userControl === "unlisted" ? "resolves-error" : METHODS[m].userControl}`, async () => {
      const { ego } = browser();
      if (m === "sendCDPMessage") {
        const rec = recordCdp(ego);
        expect(ego.sendCDPMessage('{"id":1,"method":"Browser.getVersion"}')).toBeUndefined();
        await nextTurn();
        expect(rec.errors).toEqual([["Task space not selected", "EGO_TASK_SPACE_NOT_SELECTED"]]);
        expect(rec.messages).toEqual([]);
      } else if (m === "snapshot") {
        const error = await rejectionOf(ego.snapshot());
        expect(error).toBeInstanceOf(Error);
        expect(Object.hasOwn(error, "error_code")).toBe(true);
        expect(error).toMatchObject({ message: "Task space not selected", error_code: "EGO_TASK_SPACE_NOT_SELECTED" });
      } else {
        expect(await callTask(ego, m)).toEqual({ error: "Task space not selected", error_code: "EGO_TASK_SPACE_NOT_SELECTED" });
      }
    });
  }
});

describe("a selected id that does not exist: NOT_FOUND naming the id", () => {
  for (const m of TASK_SCOPED_METHODS) {
    it(m, async () => {
      const { ego } = browser();
      ego.useTaskSpace(7);
      const expected = { message: "Task space not found: 7", code: "EGO_TASK_SPACE_NOT_FOUND" };
      if (m === "sendCDPMessage") {
        const rec = recordCdp(ego);
        ego.sendCDPMessage('{"id":1,"method":"Browser.getVersion"}');
        await nextTurn();
        expect(rec.errors).toEqual([[expected.message, expected.code]]);
      } else if (m === "snapshot") {
        expect(await rejectionOf(ego.snapshot())).toMatchObject({ message: expected.message, error_code: expected.code });
      } else {
        expect(await callTask(ego, m)).toEqual({ error: expected.message, error_code: expected.code });
      }
    });
  }
});

/** How a call's Promise has settled so far; `done` when it has. */
function track(p: Promise<unknown>) {
  const state: { how: "pending" | "fulfilled" | "rejected"; done?: Promise<void> } = { how: "pending" };
  state.done = p.then(
    () => void (state.how = "fulfilled"),
    () => void (state.how = "rejected"),
  );
  return state;
}

describe("event-loop delivery", () => {
  it("a Promise settles on a later event-loop turn, not in a microtask of the call", async () => {
    const call = track(browser().ego.listTaskSpaces());
    await microtasks();
    expect(call.how).toBe("pending");
    await nextTurn();
    expect(call.how).toBe("fulfilled");
  });

  it("a rejection (snapshot) is also delivered on a later turn", async () => {
    const call = track(browser().ego.snapshot());
    await microtasks();
    expect(call.how).toBe("pending");
    await call.done;
    expect(call.how).toBe("rejected");
  });

  it("no browser-side effect is visible synchronously: a create is listed only after it settles", async () => {
    const { ego, app } = browser();
    const p = ego.createTaskSpace("later");
    expect(app.listed()).toHaveLength(0);
    await p;
    expect(app.listed()).toHaveLength(1);
  });

  it("onSendCDPMessageError fires after sendCDPMessage returned (never re-entrantly)", async () => {
    const { ego } = browser();
    let returned = false;
    const seen: boolean[] = [];
    ego.onSendCDPMessageError = () => seen.push(returned);
    ego.sendCDPMessage('{"id":1,"method":"Browser.getVersion"}');
    returned = true;
    await microtasks();
    expect(seen).toEqual([]);
    await nextTurn();
    expect(seen).toEqual([true]);
  });

  it("onCDPMessage fires on a later turn with a JSON string", async () => {
    const { ego } = browser();
    const ref = (await ego.createTaskSpace("cdp")) as Loose;
    ego.useTaskSpace(ref.id);
    const seen: unknown[] = [];
    ego.onCDPMessage = (m: unknown) => seen.push(m);
    ego.sendCDPMessage('{"id":3,"method":"Browser.getVersion"}');
    expect(seen).toEqual([]);
    await microtasks();
    expect(seen).toEqual([]);
    await nextTurn();
    expect(seen).toHaveLength(1);
    expect(typeof seen[0]).toBe("string");
  });

  it("calls are handled in the order they were made", async () => {
    const { ego } = browser();
    const refs = (await Promise.all([ego.createTaskSpace("a"), ego.createTaskSpace("b"), ego.createTaskSpace("c")])) as Loose[];
    expect(refs.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it("the selection travels with the call: re-selecting right after a call does not redirect it", async () => {
    const { ego } = browser();
    const a = (await ego.createTaskSpace("a")) as Loose;
    const b = (await ego.createTaskSpace("b")) as Loose;
    ego.useTaskSpace(a.id);
    const p = ego.setAgentTaskState("for a");
    ego.useTaskSpace(b.id);
    expect(await p).toBe(`${a.id} state updated.`);
  });
});

describe("the values on each channel", () => {
  it("argument TypeErrors carry error_code as an own, enumerable property", () => {
    const { ego } = browser();
    const error = thrownBy(() => (ego.listTaskSpaces as Loose)(1));
    expect(Object.getOwnPropertyDescriptor(error, "error_code")).toMatchObject({ value: "EGO_INVALID_ARGUMENT", enumerable: true });
  });

  it("a resolved error object is a plain object with exactly error and error_code", async () => {
    const { ego } = browser();
    const result = (await ego.listTabs()) as Loose;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result).sort()).toEqual(["error", "error_code"]);
  });

  it("successes carry neither error nor error_code (research Q5)", async () => {
    const { ego } = browser();
    const ref = (await ego.createTaskSpace("x")) as Loose;
    expect(ref).not.toHaveProperty("error");
    expect(ref).not.toHaveProperty("error_code");
  });

  it("sendCDPMessage and useTaskSpace return plain values, not Promises", async () => {
    const { ego } = browser();
    expect(ego.useTaskSpace(3)).toBe(3);
    expect(ego.sendCDPMessage("{}")).toBeUndefined();
    await turns(1);
  });
});
