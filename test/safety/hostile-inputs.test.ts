// Hostile input files, for every reader of one (unit, in process): a value nested far deeper than
// any file the harness writes, keys named after Object.prototype's members (`__proto__`,
// `constructor`, `hasOwnProperty`, `toString`), wrong types and huge strings. Each is either read
// and then used as the command uses it (compared, rendered) without a TypeError or a RangeError,
// or refused with a bad-input error that names the file (the CLI's exit 2, one paragraph).
import fc from "fast-check";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JSON_MAX_DEPTH, jsonDepth, parseJsonText } from "../../src/files/input-file.js";
import { isBadInput } from "../../src/cli/messages.js";
import { compareTranscripts } from "../../src/recording/compare.js";
import { renderDifferences } from "../../src/recording/render.js";
import { readTranscript, TRANSCRIPT_FORMAT } from "../../src/recording/transcript.js";
import { compareOutcomes } from "../../src/gate/compare.js";
import { readOutcomes } from "../../src/gate/outcomes-file.js";
import { renderGate } from "../../src/gate/render.js";
import { loadExpectations } from "../../src/expectations/load.js";
import { readBundle } from "../../src/matrix/bundle.js";
import { Ledger } from "../../src/safety/ledger.js";
import { serverOptions } from "../../fake-bridge/server/options.js";
import { readInfraFaultPlan } from "../../fake-bridge/infra-faults/plan.js";
import { mkdir, readFile } from "node:fs/promises";
import { tempDir } from "../support/temp-dir.js";
import { outcomesFixture } from "./outcomes-fixture.js";

const PROTO_KEYS = ["__proto__", "constructor", "hasOwnProperty", "toString", "valueOf", "prototype"] as const;

function call(fields: Record<string, unknown>, shape: unknown = "object") {
  return { probe: 1, method: "listTabs", args: [], channel: "resolved", failed: false, shape, fields, text: {} };
}
function transcriptText(fields: Record<string, unknown>, shape?: unknown): string {
  return JSON.stringify({
    format: TRANSCRIPT_FORMAT,
    target: { kind: "installed", name: "ego-browser", egoVersion: "0.5.1.13", versionSource: "getBrowserVersion", persona: null, mutants: [] },
    clauses: [{ id: "tabs.list", verdict: "passed", tests: [{ name: "tabs.list: t", verdict: "passed", recorded: true, calls: [call(fields, shape)] }] }],
  });
}
/** A value nested `depth` deep, as text (JSON.stringify of such a value would itself overflow). */
const deep = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

/** Whether an error is the clean refusal of a file: a bad-input error whose message names it. */
function expectRefusal(error: unknown, file: string): void {
  expect(error, "refused").toBeInstanceOf(Error);
  expect(isBadInput(error), `${(error as Error).name}: ${(error as Error).message.slice(0, 300)}`).toBe(true);
  expect((error as Error).message).toContain(file);
}
const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);

describe("JSON input is bounded in depth and its objects have no prototype", () => {
  it("refuses a value nested 100,000 deep, naming the file, and reads one at the bound", () => {
    expect(jsonDepth(deep(JSON_MAX_DEPTH))).toBe(JSON_MAX_DEPTH);
    expect(jsonDepth(`["[[[", {"a": "{{\\"["}}]`)).toBe(2); // brackets in strings do not count
    expect(() => parseJsonText(deep(JSON_MAX_DEPTH), "/f.json", "test")).not.toThrow();
    expect(() => parseJsonText(deep(100_000), "/f.json", "test")).toThrow(/test file \/f\.json nests its values more than 256 levels deep/);
  });

  it("keeps a prototype key an own property and answers a missing one with undefined", () => {
    const value = parseJsonText('{"a": {"__proto__": {"polluted": 1}, "constructor": 2}, "list": [{"x": 1}]}', "/f.json", "test") as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(value)).toBeNull();
    expect(value.a!.polluted).toBeUndefined();
    expect(Object.hasOwn(value.a!, "__proto__")).toBe(true);
    expect(value.a!.constructor).toBe(2);
    expect(value.hasOwnProperty).toBeUndefined();
    expect((value.list as unknown as Record<string, unknown>[])[0]!.toString).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("recordings (diff, verify-fake)", () => {
  it("a `constructor` key in one side's fields is a difference, not a TypeError", async () => {
    const dir = await tempDir("hostile-transcript");
    const [a, b] = [join(dir, "a.json"), join(dir, "b.json")];
    await writeFile(a, transcriptText({ constructor: "x", "tabs[0].id": 1 }));
    await writeFile(b, transcriptText({ "tabs[0].id": 1 }));
    const comparison = compareTranscripts(await readTranscript(a), await readTranscript(b));
    expect(comparison.differences).toEqual([{ clause: "tabs.list", call: "#1 listTabs", kind: "field", path: "constructor", a: "x", b: null, judged: true }]);
    expect(renderDifferences(comparison.differences, ["A", "B"])).toContain("constructor");
  });

  it("a shape nested 100,000 deep is refused naming the file, before any comparison", async () => {
    const dir = await tempDir("hostile-transcript");
    const file = join(dir, "deep.json");
    await writeFile(file, transcriptText({}, "SHAPE").replace('"SHAPE"', deep(100_000)));
    expectRefusal(await failure(readTranscript(file)), file);
  });

  it("fields of the wrong type are refused naming the file", async () => {
    const dir = await tempDir("hostile-transcript");
    const file = join(dir, "wrong.json");
    await writeFile(file, transcriptText({}).replace('"fields":{}', '"fields":null'));
    expectRefusal(await failure(readTranscript(file)), file);
  });
});

describe("outcomes and baselines (gate)", () => {
  it("a clause id named after a prototype member in one file only is added or missing, not a TypeError", async () => {
    const dir = await tempDir("hostile-outcomes");
    const [base, cur] = [join(dir, "baseline.json"), join(dir, "current.json")];
    const fixture = outcomesFixture();
    await writeFile(base, JSON.stringify(fixture));
    for (const id of ["constructor", "toString", "__proto__"]) {
      await writeFile(cur, JSON.stringify(fixture).replace('"clauses":{', `"clauses":{${JSON.stringify(id)}:{"status":"failed","message":"m"},`));
      const [b, c] = [await readOutcomes(base, "baseline"), await readOutcomes(cur)];
      for (const [x, y] of [[b, c], [c, b]] as const) {
        const decision = compareOutcomes(x, y);
        expect(renderGate(decision, y, { outcomes: x, file: base })).toContain(id === "__proto__" ? "clauses:" : id);
      }
    }
  });
});

// --- every reader, fuzzed with hostile variants; what reads cleanly is then used as its command uses it
type Reader = { name: string; good: string; use: (file: string) => Promise<unknown>; path?: (file: string) => string };
const outcomes = JSON.stringify(outcomesFixture());
const READERS: Reader[] = [
  {
    name: "recording (diff, verify-fake)",
    good: transcriptText({ "tabs[0].id": 1 }),
    use: async (file) => {
      const t = await readTranscript(file);
      const c = compareTranscripts(t, await readTranscript(file));
      return renderDifferences(c.differences, ["A", "B"]);
    },
  },
  {
    name: "outcomes and baselines (gate, baseline save)",
    good: outcomes,
    use: async (file) => {
      const o = await readOutcomes(file);
      return renderGate(compareOutcomes(o, o), o, { outcomes: o, file });
    },
  },
  { name: "expectations (run --expectations)", good: JSON.stringify({ entries: [] }), use: loadExpectations },
  { name: "persona file (run and fake --persona-file)", good: JSON.stringify({ format: "ego-conformance-persona/1", name: "p", version: "0.5.1.13", features: [], basis: {}, openDetails: {} }), use: async (file) => serverOptions({ personaFile: file, pages: "model" }) },
  { name: "fault plan (run --infra-faults)", good: JSON.stringify({ faults: [] }), use: readInfraFaultPlan },
  { name: "the run ledger", good: `${JSON.stringify({ t: "run-start", runId: "r", pid: 1, host: "h", at: "x" })}\n`, use: async (file) => new Ledger(file).read().liveRuns(() => true) },
  {
    name: "matrix bundle (report --merge)",
    good: "{}",
    path: (file) => join(file, "..", `bundle-of-${file.split("/").pop()}`, "bundle.json"),
    use: async (file) => {
      const dir = join(file, "..", `bundle-of-${file.split("/").pop()}`);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, "bundle.json"), await readFile(file));
      return readBundle(dir);
    },
  },
];

/** `good` with one of its keys (or, for a bare object, a new key) renamed to a prototype member's name. */
function withProtoKey(good: string, key: string, at: number): string {
  const keys = [...good.matchAll(/"([^"\\]+)":/g)];
  if (keys.length === 0) return `{${JSON.stringify(key)}: 1}`;
  const m = keys[at % keys.length]!;
  return good.slice(0, m.index) + `${JSON.stringify(key)}:` + good.slice(m.index! + m[0].length);
}
/** `good` with its first value that is a string or number replaced by `value` (a wrong type, a huge string, a deep value) */
function withValue(good: string, value: string, at: number): string {
  const values = [...good.matchAll(/:("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null|\{\}|\[\])/g)];
  if (values.length === 0) return value;
  const m = values[at % values.length]!;
  return good.slice(0, m.index) + `:${value}` + good.slice(m.index! + m[0].length);
}

const hostile = (good: string) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...PROTO_KEYS), fc.nat()).map(([key, at]) => withProtoKey(good, key, at)),
    fc.tuple(fc.constantFrom(...PROTO_KEYS), fc.nat()).map(([key, at]) => withValue(good, `{${JSON.stringify(key)}: {"polluted": true}}`, at)),
    fc.tuple(fc.constantFrom(deep(100_000), deep(JSON_MAX_DEPTH + 1), `{"a":${"{\"a\":".repeat(5000)}1${"}".repeat(5001)}`), fc.nat()).map(([value, at]) => withValue(good, value, at)),
    fc.tuple(fc.constantFrom('"x"', "0", "true", "null", "[]", "{}", '[{"a":1}]', `"${"x".repeat(1_000_000)}"`, `"\\u001b]0;PWNED\\u0007"`), fc.nat()).map(([value, at]) => withValue(good, value, at)),
  );

describe("every reader of a file, under hostile variants", () => {
  for (const reader of READERS) {
    it(`${reader.name}: read and used cleanly, or refused naming the file`, async () => {
      const dir = await tempDir("hostile");
      let n = 0;
      await fc.assert(
        fc.asyncProperty(hostile(reader.good), async (text) => {
          const file = join(dir, `input-${n++}.json`);
          await writeFile(file, text);
          const error = await failure(reader.use(file));
          if (error === undefined) return;
          expectRefusal(error, reader.path ? reader.path(file) : file);
        }),
        { numRuns: 30 },
      );
      expect(({} as Record<string, unknown>).polluted, "Object.prototype untouched").toBeUndefined();
    });
  }
});
