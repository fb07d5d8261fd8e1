/**
 * Mutant plans: each mutant changes exactly the rule it names. A fixed set of independent probe
 * steps runs against the clean fake and against each mutant; the steps whose observation differs
 * must be exactly the ones the mutant is about.
 */
import { describe, expect, it } from "vitest";
import type { EgoSurface } from "../../src/contract/ego-surface.js";
import { createFakeBrowser, MUTANT_NAMES, MUTANTS, parseMutants, type MutantName, type FakeBrowser } from "../../fake-bridge/index.js";
import { IDLE_CLOSE_AFTER_MS } from "../../fake-bridge/app/app.js";
import { microtasks, nextTurn, type Loose } from "./helpers.js";

/** How one call ended, as plain data. */
async function observe(fn: () => unknown): Promise<unknown> {
  let value: unknown;
  try {
    value = fn();
  } catch (e) {
    const err = e as Loose;
    return { channel: "threw", type: err?.constructor?.name, code: err?.error_code };
  }
  if (!(value instanceof Promise)) return { channel: "returned", value };
  try {
    return { channel: "resolved", value: await value };
  } catch (e) {
    const err = e as Loose;
    return { channel: "rejected", type: err?.constructor?.name, message: err?.message, code: err?.error_code };
  }
}

type Step = (b: FakeBrowser, ego: EgoSurface) => Promise<unknown>;

/** one millisecond is a second of app time */
const TRANSCRIPT_TIME_SCALE = 1000;

async function selected(ego: EgoSurface): Promise<number> {
  const ref = (await ego.createTaskSpace("s")) as Loose;
  ego.useTaskSpace(ref.id);
  return ref.id;
}

const STEPS: Record<string, Step> = {
  "args:channel": async (_b, ego) => observe(() => (ego.listTaskSpaces as Loose)(1)),
  "args:sync-method": async (_b, ego) => observe(() => ego.useTaskSpace(-1)),
  "args:own-code": async (_b, ego) => {
    try {
      (ego.listTaskSpaces as Loose)(1);
    } catch (e) {
      return Object.hasOwn(e as object, "error_code");
    }
    return "did not throw";
  },
  "ids:create": async (_b, ego) => observe(() => ego.createTaskSpace("x")),
  "ids:list": async (_b, ego) => {
    await ego.createTaskSpace("x");
    return observe(() => ego.listTaskSpaces());
  },
  "ids:claim": async (_b, ego) => {
    await ego.createTaskSpace("x");
    return observe(() => ego.claimTaskSpace(1, "y"));
  },
  "ids:use-string": async (_b, ego) => {
    await ego.createTaskSpace("x");
    return observe(() => ego.useTaskSpace("1" as Loose));
  },
  "ids:use-number": async (_b, ego) => {
    await ego.createTaskSpace("x");
    return observe(() => ego.useTaskSpace(1));
  },
  "control:listTabs": async (_b, ego) => {
    await selected(ego);
    await ego.handOffTaskSpace();
    return observe(() => ego.listTabs());
  },
  "control:createTab": async (_b, ego) => {
    await selected(ego);
    await ego.handOffTaskSpace();
    return observe(() => ego.createTab("https://x.example/"));
  },
  "control:setAgentTaskState": async (_b, ego) => {
    await selected(ego);
    await ego.handOffTaskSpace();
    return observe(() => ego.setAgentTaskState("s"));
  },
  "control:snapshot": async (_b, ego) => {
    await selected(ego);
    await ego.handOffTaskSpace();
    return observe(() => ego.snapshot());
  },
  "snapshot:not-selected": async (_b, ego) => observe(() => ego.snapshot()),
  "snapshot:locators": async (_b, ego) => {
    await selected(ego);
    await ego.createTab("https://example.com/");
    return observe(() => ego.snapshot({ includeStableLocator: true }));
  },
  "snapshot:bounded": async (_b, ego) => {
    await selected(ego);
    await ego.createTab("https://example.com/checkout");
    return ((await ego.snapshot({ maxResultLength: 40 })) as Loose).content.length;
  },
  "tabs:active-after-create": async (_b, ego) => {
    await selected(ego);
    await ego.createTab("https://example.com/one");
    await ego.createTab("https://example.com/two");
    return ((await ego.listTabs()) as Loose).tabs.map((t: Loose) => [t.url, t.active]);
  },
  "idle:listing": async (b, ego) => {
    await ego.createTaskSpace("idle");
    // window: the clean fake must keep the space past the idle rule, so app time must pass it; at
    // the transcript's time scale IDLE_CLOSE_AFTER_MS (120 s of app time) is 120 ms, and 1.5 times it is waited
    await new Promise((r) => setTimeout(r, (IDLE_CLOSE_AFTER_MS * 1.5) / TRANSCRIPT_TIME_SCALE));
    return ((await b.newBinding().listTaskSpaces()) as Loose).taskSpaces.map((e: Loose) => e.name);
  },
  "create:parallel-ids": async (b) => {
    const created = (await Promise.all([b.newBinding(), b.newBinding(), b.newBinding()].map((e) => e.createTaskSpace("p")))) as Loose[];
    return new Set(created.map((c) => c.id)).size; // distinct ids (their type is string-ids' concern)
  },
  "cdp:error-timing": async (_b, ego) => {
    const when: string[] = [];
    let returned = false;
    ego.onSendCDPMessageError = (...args: unknown[]) => when.push(`${returned ? "after" : "during"}:${args.join("|")}`);
    ego.sendCDPMessage("{}");
    returned = true;
    await microtasks();
    await nextTurn();
    return when;
  },
  "cdp:non-function": async (_b, ego) => {
    // what a slot keeps of a non-function (read back, never delivered: a delivery to it would throw here)
    (ego as Loose).onCDPMessage = 42;
    (ego as Loose).onSendCDPMessageError = "not a function";
    const kept = [typeof ego.onCDPMessage, typeof ego.onSendCDPMessageError];
    (ego as Loose).onCDPMessage = undefined;
    (ego as Loose).onSendCDPMessageError = undefined;
    return kept;
  },
  "cdp:answer": async (_b, ego) => {
    await selected(ego);
    const seen: unknown[] = [];
    ego.onCDPMessage = (m: unknown) => seen.push(m);
    ego.sendCDPMessage('{"id":1,"method":"Target.getTargets"}');
    await nextTurn();
    return seen;
  },
  "create:selection": async (_b, ego) => {
    await ego.createTaskSpace("x");
    return observe(() => ego.listTabs());
  },
  "claim:selection": async (_b, ego) => {
    await ego.createTaskSpace("x");
    await ego.claimTaskSpace(1);
    return observe(() => ego.listTabs());
  },
  "take-over:unblocks": async (_b, ego) => {
    await selected(ego);
    await ego.handOffTaskSpace();
    await ego.takeOverTaskSpace();
    return [((await ego.listTaskSpaces()) as Loose).taskSpaces.map((e: Loose) => [e.name, e.ownership]), await observe(() => ego.listTabs())];
  },
  "complete:listing": async (_b, ego) => {
    await selected(ego);
    await ego.completeTaskSpace();
    return ((await ego.listTaskSpaces()) as Loose).taskSpaces.map((e: Loose) => [e.name, e.ownership]);
  },
  "close:listing": async (_b, ego) => {
    await selected(ego);
    await ego.closeTaskSpace();
    return ((await ego.listTaskSpaces()) as Loose).taskSpaces.map((e: Loose) => [e.name, e.ownership]);
  },
  "status:strings": async (_b, ego) => {
    await selected(ego);
    return Promise.all([ego.setAgentTaskState("a"), ego.animationHighlightMouseToPosition(1, 2), ego.handOffTaskSpace(), ego.takeOverTaskSpace()]);
  },
  "profiles:not-found": async (_b, ego) => observe(() => ego.createTaskSpace("x", "nope")),
  "claim:not-found": async (_b, ego) => observe(() => ego.claimTaskSpace(4242)),
  "version": async (_b, ego) => observe(() => ego.getBrowserVersion!()),
  "profiles:list": async (_b, ego) => observe(() => (ego as Loose).listProfiles()),
  "claim:rename": async (_b, ego) => {
    await ego.createTaskSpace("x");
    await ego.claimTaskSpace(1, "renamed");
    return ((await ego.listTaskSpaces()) as Loose).taskSpaces.map((e: Loose) => e.name);
  },
  "create:invalid-names": async (_b, ego) => {
    const seen = [await observe(() => (ego as Loose).createTaskSpace()), await observe(() => (ego as Loose).createTaskSpace(42)), await observe(() => ego.createTaskSpace(""))];
    return [seen, ((await ego.listTaskSpaces()) as Loose).taskSpaces.map((e: Loose) => e.name)];
  },
};

/** The steps each mutant is expected to change, and no others. */
const EXPECTED: Record<MutantName, string[]> = {
  "resolve-invalid-arguments": ["args:channel", "args:sync-method", "args:own-code", "ids:use-string", "create:invalid-names"],
  "string-ids": ["ids:create", "ids:list", "ids:claim", "ids:use-string"],
  // every step that selects its space by the id it was handed is refused
  "string-ids-refused": [
    "ids:create", "ids:list", "ids:claim", "cdp:answer", "close:listing", "complete:listing", "control:createTab", "control:listTabs",
    "control:setAgentTaskState", "control:snapshot", "snapshot:bounded", "snapshot:locators", "status:strings", "tabs:active-after-create", "take-over:unblocks",
  ],
  "claim-not-found-rejects": ["claim:not-found"],
  "no-error-codes": [
    "args:channel", "args:own-code", "args:sync-method", "cdp:error-timing", "claim:not-found", "claim:selection", "control:createTab", "control:listTabs",
    "control:setAgentTaskState", "control:snapshot", "create:invalid-names", "create:selection", "ids:use-string", "profiles:not-found", "snapshot:not-selected",
  ],
  "listtabs-ignores-user-control": ["control:listTabs"],
  "snapshot-resolves-errors": ["control:snapshot", "snapshot:not-selected"],
  "sync-cdp-error-callback": ["cdp:error-timing"],
  "cdp-error-callback-never-called": ["cdp:error-timing"],
  "cdp-callbacks-call-non-functions": ["cdp:non-function"],
  "inherited-error-code": ["args:own-code"],
  "unstable-locators": ["snapshot:locators"],
  "claim-selects": ["claim:selection"],
  "complete-closes": ["complete:listing"],
  // deviations of alternative hosts; a step that selects without awaiting sees the async selection late
  "async-use-task-space": ["ids:use-number", "control:listTabs", "control:createTab", "control:setAgentTaskState", "control:snapshot", "snapshot:locators", "snapshot:bounded", "tabs:active-after-create", "cdp:answer", "complete:listing", "close:listing", "status:strings"],
  "status-objects": ["status:strings"],
  "plain-error-arguments": ["args:channel", "args:sync-method", "args:own-code", "ids:use-string", "create:invalid-names"],
  "malformed-browser-version": ["version"],
  "missing-list-profiles": ["profiles:list"],
  "claim-ignores-name": ["claim:rename", "ids:claim"],
  // mutants of snapshots of real pages change nothing on the page model (test/fake-bridge/chromium-snapshot tests them on Chromium)
  "ambiguous-locators-printed": [],
  "viewport-scope-ignored": [],
  "interactive-only-ignored": [],
  "frame-refs-omitted": [],
  "subtree-root-ignored": [],
  "refs-raw-backend-ids": [],
  "frame-ids-omitted": [],
  "top-frame-ids-omitted": [],
  "href-locators-absolute": [],
  // mutants of the raw CDP channel on real pages change nothing on the page model (test/chromium tests them on Chromium)
  "cdp-attach-crosses-spaces": [],
  "cdp-targets-unscoped": [],
  "cdp-session-crosses-spaces": [],
  "cdp-grant-permissions-forwarded": [],
  "geolocation-keeps-control": [],
  "snapshot-ignores-max-result-length": ["snapshot:bounded"],
  // the in-process fake has no launcher: this mutant changes only the installed launcher (test/installed)
  "environment-forwarded": [],
  "sdk-path-hook-differs": [],
  "idle-spaces-close": ["idle:listing"],
  "racy-create-ids": ["create:parallel-ids"],
  "create-accepts-invalid-names": ["create:invalid-names"],
  // found by the v2 runtime's e2e: mutants of real pages change nothing on the page model (test/chromium tests them)
  "cdp-activate-ignored": [],
  "pending-cdp-holds-script": [],
  "popup-unlisted": [],
  "listtabs-unscoped-when-unselected": ["claim:selection", "create:selection"],
  // the navigation of the blank tab while blocked: no step here hands a space over and lists its urls (test/mutants)
  "blocked-create-tab-navigates": [],
  "listing-closes-idle-spaces": ["idle:listing"],
  "action-marks-by-default": ["snapshot:locators"],
  "listing-bookkeeping-moves": ["ids:list"],
  // a space on the page model always keeps a tab: real pages only (test/mutants)
  "listtabs-unscoped-when-empty": [],
  // raw CDP sessions exist on real pages only (test/mutants)
  "cdp-restarts-on-new-invocation": [],
  "claim-new-id": ["ids:claim"],
  "take-over-leaves-block": ["take-over:unblocks"],
  // the snapshots read the space's blank tab, not the page just opened
  "create-tab-keeps-active": ["tabs:active-after-create", "snapshot:locators", "snapshot:bounded"],
  // the content's text form only (a bound of 40 characters cuts either form at 40)
  "snapshot-port-text-form": ["snapshot:locators"],
  // the refs' order only
  "snapshot-refs-reordered": ["snapshot:locators"],
  // ids in every answer that carries one; a step that names space 1 finds nothing
  // no step here meets an inactive space, a gone tab or a failed snapshot
  "messages-reworded": [],
  "space-ids-sparse": ["ids:create", "ids:list", "ids:claim", "claim:rename", "status:strings"],
  // the answers that carry a target id, a backendNodeId or a profile id
  "ids-other-values": ["cdp:answer", "ids:list", "profiles:list", "snapshot:locators", "take-over:unblocks"],
  // refIds exist on real pages only (test/mutants)
  "ref-ids-offset": [],
  // the steps read no TypeError's message; the callback's message is read
  "call-errors-reworded": ["cdp:error-timing"],
  // the one step that hands a space back lists a space of one tab
  "hand-back-activates-first-tab": [],
  // no step here closes a tab: real pages only (test/mutants)
  "closed-tab-activates-first": [],
  // popups exist on real pages only (test/chromium/tabs.test.ts)
  "popup-activates": [],
};

async function transcript(mutants: MutantName[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, step] of Object.entries(STEPS)) {
    const b = createFakeBrowser({ mutants, timeScale: TRANSCRIPT_TIME_SCALE });
    // a step a mutant stops (a selection it refuses) changes as what it threw
    out[name] = await step(b, b.newBinding()).catch((error: unknown) => ({ threw: String(error) }));
  }
  return out;
}

describe("mutant plans", () => {
  it("exports the list of mutant names, each with a description", () => {
    expect(MUTANT_NAMES).toEqual(Object.keys(MUTANTS));
    expect(MUTANT_NAMES).toEqual(expect.arrayContaining(["resolve-invalid-arguments", "string-ids", "listtabs-ignores-user-control"]));
    for (const name of MUTANT_NAMES) expect(MUTANTS[name].length).toBeGreaterThan(20);
  });

  it("an unknown mutant name is refused", () => {
    expect(() => parseMutants(["nope"])).toThrow(/unknown mutant 'nope'/);
    expect(() => createFakeBrowser({ mutants: ["nope" as MutantName] })).toThrow(/unknown mutant/);
  });

  // the mutant-free transcript, made once for every mutant below (each step on a fresh fake)
  let cleanRun: Promise<Record<string, unknown>> | undefined;
  for (const mutant of MUTANT_NAMES) {
    it(`${mutant} changes exactly: ${EXPECTED[mutant].join(", ")}`, async () => {
      const clean = await (cleanRun ??= transcript([]));
      const mutated = await transcript([mutant]);
      const changed = Object.keys(STEPS).filter((s) => JSON.stringify(clean[s]) !== JSON.stringify(mutated[s]));
      expect(changed.sort()).toEqual([...EXPECTED[mutant]].sort());
    });
  }
});

describe("what each mutant does", () => {
  it("resolve-invalid-arguments: argument errors resolve {error, error_code: EGO_INVALID_ARGUMENT}", async () => {
    const ego = createFakeBrowser({ mutants: ["resolve-invalid-arguments"] }).newBinding();
    const result = (ego.createTaskSpace as Loose)("");
    expect(result).toBeInstanceOf(Promise);
    expect(await result).toEqual({ error: expect.stringContaining("createTaskSpace()"), error_code: "EGO_INVALID_ARGUMENT" });
    expect(await (ego.useTaskSpace(NaN) as Loose)).toMatchObject({ error_code: "EGO_INVALID_ARGUMENT" });
  });

  it("string-ids: ids are strings everywhere they are returned, and the string form is accepted", async () => {
    const ego = createFakeBrowser({ mutants: ["string-ids"] }).newBinding();
    const ref = (await ego.createTaskSpace("x")) as Loose;
    expect(ref.id).toBe("1");
    expect(((await ego.listTaskSpaces()) as Loose).taskSpaces[0].id).toBe("1");
    expect(ego.useTaskSpace(ref.id)).toBe("1");
    expect(await ego.setAgentTaskState("s")).toBe("1 state updated.");
    expect(await ego.claimTaskSpace(ref.id, "y")).toEqual({ taskId: "y", id: "1", name: "y" });
    expect(() => ego.useTaskSpace("one" as Loose)).toThrow(TypeError);
  });

  it("snapshot-port-text-form: no root line, unquoted text lines, the same refs and brackets", async () => {
    const snap = async (mutants: MutantName[]) => {
      const ego = createFakeBrowser({ mutants }).newBinding();
      await selected(ego);
      await ego.createTab("https://example.com/checkout");
      return (await ego.snapshot({ includeStableLocator: true })) as Loose;
    };
    const [tree, port] = [await snap([]), await snap(["snapshot-port-text-form"])];
    expect(tree.content.split("\n")[0]).toBe("root");
    expect(port.content).not.toMatch(/^ *root$/m);
    expect(port.content).toMatch(/^text: This page is served/m);
    expect(port.content).toContain('button "Continue" [ref=');
    expect(port.refs).toEqual(tree.refs.map((r: Loose) => ({ ...r, backendNodeId: expect.any(Number) })));
  });

  it("create-tab-keeps-active: the new tab is listed, the earlier one stays active and is what snapshot reads", async () => {
    const ego = createFakeBrowser({ mutants: ["create-tab-keeps-active"] }).newBinding();
    await selected(ego);
    await ego.createTab("https://example.com/checkout");
    const tabs = ((await ego.listTabs()) as Loose).tabs;
    expect(tabs.map((t: Loose) => [t.url, t.active])).toEqual([["about:blank", true], ["https://example.com/checkout", false]]);
    expect(((await ego.snapshot()) as Loose).content).toBe("root");
  });

  it("ids-other-values: other target ids, node ids and profile ids, of the same types", async () => {
    const ego = createFakeBrowser({ mutants: ["ids-other-values"] }).newBinding();
    await selected(ego);
    const tab = (await ego.createTab("https://example.com/checkout")) as Loose;
    expect(tab.targetId).toMatch(/^[0-9a-f]{32}$/);
    const refs = ((await ego.snapshot()) as Loose).refs as { backendNodeId: number }[];
    expect(Math.min(...refs.map((r) => r.backendNodeId))).toBeGreaterThan(50_000);
    const profiles = ((await (ego as Loose).listProfiles()) as Loose).profiles as { id: string; isDefault: boolean }[];
    expect(profiles.find((p) => p.isDefault)?.id).toBe("Profile 9");
    expect(profiles.map((p) => p.id)).not.toContain("Default");
  });

  it("call-errors-reworded: other words, the same class and codes; a not-found message still names the id", async () => {
    const read = (mutants: MutantName[]) => {
      try {
        (createFakeBrowser({ mutants }).newBinding().listTaskSpaces as Loose)(1);
      } catch (e) {
        return { type: (e as Error).constructor.name, message: (e as Error).message, own: Object.hasOwn(e as object, "error_code"), code: (e as Loose).error_code };
      }
      return undefined;
    };
    const [plain, reworded] = [read([]), read(["call-errors-reworded"])];
    expect(reworded).toEqual({ ...plain, message: expect.not.stringContaining("listTaskSpaces") });
    expect(reworded?.message).not.toBe(plain?.message);
    const sendErrors = async (mutants: MutantName[]) => {
      const ego = createFakeBrowser({ mutants }).newBinding();
      const seen: unknown[][] = [];
      ego.onSendCDPMessageError = (...args: unknown[]) => seen.push(args);
      ego.sendCDPMessage("{}");
      ego.useTaskSpace(4242);
      ego.sendCDPMessage("{}");
      await microtasks();
      await nextTurn();
      return seen;
    };
    const [plainSent, rewordedSent] = [await sendErrors([]), await sendErrors(["call-errors-reworded"])];
    expect(rewordedSent.map((a) => a[1])).toEqual(plainSent.map((a) => a[1]));
    expect(rewordedSent[0]![0]).not.toBe(plainSent[0]![0]);
    expect(rewordedSent[1]![0]).toMatch(/\b4242\b/);
  });

  it("hand-back-activates-first-tab: hand-off, take-over and complete make the first tab active; a claim keeps it", async () => {
    const b = createFakeBrowser({ mutants: ["hand-back-activates-first-tab"] });
    const ego = b.newBinding();
    const id = await selected(ego);
    await ego.createTab("https://example.com/checkout");
    const active = async () => (((await ego.listTabs()) as Loose).tabs as { url: string; active: boolean }[]).find((t) => t.active)?.url;
    expect(await active()).toBe("https://example.com/checkout");
    await ego.handOffTaskSpace();
    await ego.takeOverTaskSpace();
    expect(await active()).toBe("about:blank");
    await ego.createTab("https://example.com/two");
    await ego.completeTaskSpace();
    await ego.claimTaskSpace(id);
    expect(await active()).toBe("about:blank");
  });

  it("listtabs-ignores-user-control: listTabs works while handed off, the rest stays blocked", async () => {
    const ego = createFakeBrowser({ mutants: ["listtabs-ignores-user-control"] }).newBinding();
    await selected(ego);
    await ego.handOffTaskSpace();
    expect(await ego.listTabs()).toHaveProperty("tabs");
    expect(await ego.createTab("https://x.example/")).toMatchObject({ error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" });
  });
});
