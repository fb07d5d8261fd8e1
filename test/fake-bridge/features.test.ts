/**
 * Older-build switches: every feature of src/contract/features.ts that the fake emulates, read
 * through the behaviour module. The default is the current build (every feature except
 * dialog-fallback-key); each test removes one feature and checks what changes.
 */
import { describe, expect, it } from "vitest";
import { FEATURE_NAMES, type Feature } from "../../src/contract/index.js";
import { createFakeBrowser, NEWEST_BUILD } from "../../fake-bridge/index.js";
import { thrownBy } from "../support/thrown.js";
import { browser, nextTurn, recordCdp, rejectionOf, type Loose } from "./helpers.js";

const without = (...features: Feature[]) => new Set(FEATURE_NAMES.filter((f) => f !== "dialog-fallback-key" && !features.includes(f)));

async function selected(ego: Loose, name = "s"): Promise<Loose> {
  const ref = await ego.createTaskSpace(name);
  ego.useTaskSpace(ref.id ?? ref.taskId);
  return ref;
}

describe("the default build", () => {
  it("has every feature except dialog-fallback-key", () => {
    expect([...NEWEST_BUILD.features].sort()).toEqual(FEATURE_NAMES.filter((f) => f !== "dialog-fallback-key").sort());
    const b = createFakeBrowser().app.behaviour;
    expect(b.features).toEqual(NEWEST_BUILD.features);
    expect(b.mutants.size).toBe(0);
  });
});

describe("without error-codes", () => {
  it("failures carry no error_code on any channel", async () => {
    const { ego } = browser({ features: without("error-codes") });
    expect(await ego.listTabs()).toEqual({ error: "Task space not selected" });
    const rejected = await rejectionOf(ego.snapshot());
    expect(rejected.message).toBe("Task space not selected");
    expect("error_code" in rejected).toBe(false);
    const thrown = thrownBy(() => (ego.listTabs as Loose)(1));
    expect(thrown).toBeInstanceOf(TypeError);
    expect("error_code" in thrown).toBe(false);
    const rec = recordCdp(ego);
    ego.sendCDPMessage("{}");
    await nextTurn();
    expect(rec.errors).toEqual([["Task space not selected"]]);
  });
});

describe("without numeric-ids", () => {
  it("spaces are selected and claimed by name; results and statuses carry names", async () => {
    const { ego } = browser({ features: without("numeric-ids") });
    const ref = await selected(ego, "flow");
    expect(ref).toEqual({ taskId: "flow", name: "flow" });
    expect(await ego.setAgentTaskState("x")).toBe("flow state updated.");
    expect(thrownBy(() => ego.useTaskSpace(1)).error_code).toBe("EGO_INVALID_ARGUMENT");
    expect(await ego.claimTaskSpace("flow" as Loose)).toEqual({ taskId: "flow", name: "flow" });
    expect(thrownBy(() => (ego.claimTaskSpace as Loose)("flow", "rename")).error_code).toBe("EGO_INVALID_ARGUMENT");
    expect(await ego.claimTaskSpace("missing" as Loose)).toEqual({ error: "Task space not found: missing", error_code: "EGO_TASK_SPACE_NOT_FOUND" });
    expect(((await ego.listTaskSpaces()) as Loose).taskSpaces[0]).not.toHaveProperty("id");
  });
});

describe("without task-space-listing-v2", () => {
  it("listTaskSpaces resolves {taskIds}", async () => {
    const { ego } = browser({ features: without("task-space-listing-v2") });
    await ego.createTaskSpace("a");
    expect(await ego.listTaskSpaces()).toEqual({ taskIds: ["a"] });
  });
});

describe("without delegated-ownership", () => {
  it("a handed-off space is still listed as agent, and still blocked", async () => {
    const { ego } = browser({ features: without("delegated-ownership") });
    await selected(ego);
    await ego.handOffTaskSpace();
    expect(((await ego.listTaskSpaces()) as Loose).taskSpaces[0].ownership).toBe("agent");
    expect(await ego.listTabs()).toMatchObject({ error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" });
  });
});

describe("without browser-version", () => {
  it("getBrowserVersion is absent", () => {
    const { ego } = browser({ features: without("browser-version") });
    expect("getBrowserVersion" in ego).toBe(false);
  });

  it("with it, the version is the configured one", async () => {
    const { ego } = browser({ version: "0.4.4.2" });
    expect(await ego.getBrowserVersion!()).toEqual({ currentVersion: "0.4.4.2", updateAvailable: false });
    expect(await browser().ego.getBrowserVersion!()).toEqual({ currentVersion: "0.5.1.13", updateAvailable: false });
  });
});

describe("without profiles", () => {
  it("no listProfiles; createTaskSpace rejects any second argument, even undefined; no profile in the listing", async () => {
    const { ego } = browser({ features: without("profiles") });
    expect("listProfiles" in ego).toBe(false);
    expect(thrownBy(() => ego.createTaskSpace("x", "Default")).error_code).toBe("EGO_INVALID_ARGUMENT");
    expect(thrownBy(() => ego.createTaskSpace("x", undefined)).error_code).toBe("EGO_INVALID_ARGUMENT");
    await ego.createTaskSpace("x");
    const entry = ((await ego.listTaskSpaces()) as Loose).taskSpaces[0];
    expect(entry).not.toHaveProperty("profileId");
    expect(entry).not.toHaveProperty("profileName");
  });
});

describe("without reason-keys", () => {
  it("the error of USER_IN_CONTROL is a display sentence", async () => {
    const { ego, operator } = browser({ features: without("reason-keys") });
    const ref = await selected(ego);
    await operator.takeControl(ref.id, "location");
    expect(await ego.listTabs()).toEqual({
      error: "A browser permission prompt for location has appeared. Control of this browser space has been handed over.",
      error_code: "EGO_TASK_SPACE_USER_IN_CONTROL",
    });
    await operator.takeControl(ref.id, "brand_new_reason");
    expect(((await ego.listTabs()) as Loose).error).toBe("The task is under user control.");
  });
});

describe("without locator-omission", () => {
  it("ambiguous locators are printed as unstable", async () => {
    const { ego } = browser({ features: without("locator-omission") });
    await selected(ego);
    await ego.createTab("https://example.com/");
    const s = (await ego.snapshot({ includeStableLocator: true })) as Loose;
    expect(s.refs.filter((r: Loose) => r.role === "link").map((r: Loose) => r.loc)).toEqual(["unstable", "unstable"]);
    expect(s.content).toMatch(/link "Learn more" \[ref=\d+, loc=unstable, url=/);
  });
});

describe("without snapshot-subtree", () => {
  it("scope 'subtree' is an unknown scope", () => {
    const { ego } = browser({ features: without("snapshot-subtree") });
    expect(thrownBy(() => ego.snapshot({ scope: "subtree", root: 1 })).error_code).toBe("EGO_INVALID_ARGUMENT");
  });
});

describe("without cdp-browser-getversion", () => {
  it("CDP Browser.getVersion is an unknown method", async () => {
    const { ego } = browser({ features: without("cdp-browser-getversion") });
    await selected(ego);
    const rec = recordCdp(ego);
    ego.sendCDPMessage('{"id":4,"method":"Browser.getVersion"}');
    await nextTurn();
    expect(rec.messages).toEqual([{ id: 4, error: { code: -32601, message: "'Browser.getVersion' wasn't found" } }]);
  });
});

describe("with dialog-fallback-key", () => {
  it("the key passes through like any other (the operator raises it)", async () => {
    const { ego, operator } = browser({ features: new Set([...NEWEST_BUILD.features, "dialog-fallback-key"]) });
    const ref = await selected(ego);
    await operator.takeControl(ref.id, "fallback_site_dialog_required_notice");
    expect(await ego.listTabs()).toEqual({ error: "fallback_site_dialog_required_notice", error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" });
  });
});
