// Input hygiene as one mechanism (unit project, in process): the one reader of input
// files (src/files/input-file.ts) and the inside-its-folder check (src/files/inside-folder.ts);
// a scan that fails when a module reads a file another way; a huge baseline and a persona
// that climbs out of --dir; and the fuzz pass over every reader of an input file:
// corrupt, huge, truncated and wrong-type inputs, and non-regular files, each an error of a known
// bad-input kind that names the file (the CLI says it with exit 2), never another exception.
import fc from "fast-check";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INPUT_FILE_MAX_BYTES, InputFileError, readInputFile, readInputFileSync, readJsonFile } from "../../src/files/input-file.js";
import { PathEscapeError, pathInside } from "../../src/files/inside-folder.js";
import { BaselineKeyError, baselineKey, baselinePath } from "../../src/gate/baseline-store.js";
import { compareOutcomes } from "../../src/gate/compare.js";
import { readOutcomes } from "../../src/gate/outcomes-file.js";
import { renderGate } from "../../src/gate/render.js";
import { ExpectationsError, loadExpectations } from "../../src/expectations/load.js";
import { lintFile } from "../../src/cli/expectations.js";
import { isBadInput } from "../../src/cli/messages.js";
import { readBundle } from "../../src/matrix/bundle.js";
import { Ledger } from "../../src/safety/ledger.js";
import { checkOutputFile, OutputPathError, writeFileAtomic } from "../../src/files/output-dir.js";
import { readInfraFaultPlan } from "../../fake-bridge/infra-faults/plan.js";
import { sourceFilesUnder } from "../support/source-files.js";
import { tempDir } from "../support/temp-dir.js";
import { outcomesFixture } from "./outcomes-fixture.js";

const ROOT = resolve(import.meta.dirname, "../..");

describe("readInputFile", () => {
  it("reads a file of any size whole, both ways: empty, one byte, around a read's chunk (1 MiB), several chunks", async () => {
    const dir = await tempDir("input-file-sizes");
    const chunk = 1024 * 1024;
    for (const size of [0, 1, 4095, chunk - 1, chunk, chunk + 1, 3 * chunk + 5]) {
      const text = "é".repeat(Math.floor(size / 2)) + "x".repeat(size % 2);
      const file = join(dir, `size-${size}.txt`);
      await writeFile(file, text);
      expect(await readInputFile(file, { kind: "test" }), `${size} bytes`).toBe(text);
      expect(readInputFileSync(file, { kind: "test" }), `${size} bytes, sync`).toBe(text);
    }
  });

  it("refuses a directory and a device, naming the path, and reads a regular file", async () => {
    const dir = await tempDir("input-file");
    for (const path of [dir, "/dev/null", "/dev/zero"]) {
      for (const read of [() => readInputFile(path, { kind: "test" }), async () => readInputFileSync(path, { kind: "test" })]) {
        const error = await read().then(() => undefined, (e: unknown) => e);
        expect(error, path).toBeInstanceOf(InputFileError);
        expect((error as InputFileError).message).toContain(path);
        expect((error as InputFileError).code).toBe("NOT_REGULAR");
      }
    }
    await writeFile(join(dir, "a.txt"), "héllo");
    expect(await readInputFile(join(dir, "a.txt"), { kind: "test" })).toBe("héllo");
    expect(readInputFileSync(join(dir, "a.txt"), { kind: "test" })).toBe("héllo");
  });

  it("bounds the size, and names the path of a missing file", async () => {
    const dir = await tempDir("input-size");
    await writeFile(join(dir, "big"), "x".repeat(2048));
    await expect(readInputFile(join(dir, "big"), { kind: "test", maxBytes: 1024 })).rejects.toThrow(/big: it holds 2048 bytes, more than the 1024/);
    expect(() => readInputFileSync(join(dir, "big"), { kind: "test", maxBytes: 1024 })).toThrow(/more than the 1024/);
    expect(INPUT_FILE_MAX_BYTES).toBe(256 * 1024 * 1024);
    await expect(readInputFile(join(dir, "none"), { kind: "test" })).rejects.toThrow(`${join(dir, "none")}: ENOENT`);
    await writeFile(join(dir, "bad.json"), "{");
    await expect(readJsonFile(join(dir, "bad.json"), "test")).rejects.toThrow(`test file ${join(dir, "bad.json")} is not JSON`);
  });
});

/** Modules that read files another way, each for a reason: none of them reads an input a person gives. */
const OWN_FILES: Record<string, string> = {
  "src/files/input-file.ts": "the one reader",
  "src/contract/build-features.ts": "the build-feature table shipped with the harness",
  "src/harness/clause-sites.ts": "the harness's own suites, for `clauses --where`",
  "src/matrix/page/render-page.ts": "the page's stylesheet, shipped with the harness",
  "src/matrix/plan.ts": "the harness's package.json",
  "src/fixture-pages/server.ts": "the fixture pages shipped with the harness",
  "src/report/allure-report.ts": "the report the Allure generator just wrote, to strip analytics",
  "src/report/allure-view-dir.ts": "the result files of a results directory, to stage the view Allure is shown (unparsed text passes through as it is)",
  "src/report/environment.ts": "the environment.properties the run wrote in its own results directory",
  "src/gate/current-run.ts": "the environment.properties of a results directory (missing or unreadable: no environment)",
  "src/matrix/result-extras.ts": "an attachment the run wrote next to its result",
  "src/scratch/scratch-dir.ts": "the marker file of a scratch directory it made",
  "src/targets/detect/plist.ts": "an app bundle's Info.plist, found by detection",
  "src/targets/fake/fake-app-on-demand.ts": "the fake launcher and config that `fake install` wrote",
  "fake-bridge/server/control.ts": "the fake app's own status file",
  "fake-bridge/server/state-file.ts": "the fake app's own state file",
  "fake-bridge/server/install.ts": "the head of an existing launcher, to tell whether `fake install` wrote it",
  "fake-bridge/bin/launcher.ts": "the launcher's config, written by `fake install` next to it",
  "src/processes/proc.ts": "the kernel's /proc entries of a pid (stat, cmdline)",
  "src/processes/groups.ts": "the record of process groups the run's own workers wrote in its scratch directory",
  "src/processes/checkout-bundle.mjs": "the checkout's own sources it bundles, and the manifest of the bundle it wrote under .cache/bundles",
  "src/report/allure-generate.mjs": "the release gate's verdict that src/report/allure-report.ts wrote beside the report it generates",
};
const READERS = /\b(readFile|readFileSync|createReadStream|openSync|readSync)\s*\(/;

describe("every input file goes through src/files/input-file.ts", () => {
  it("no other module under src/ or fake-bridge/ reads a file, but those listed with their reason", () => {
    const offenders = ["src", "fake-bridge"].flatMap((dir) =>
      sourceFilesUnder(join(ROOT, dir))
        .map((file) => relative(ROOT, file))
        .filter((file) => !(file in OWN_FILES) && !file.startsWith("src/files/"))
        .filter((file) => readFileSync(join(ROOT, file), "utf8").split("\n").some((line) => !line.trim().startsWith("//") && !line.trim().startsWith("*") && READERS.test(line))),
    );
    expect(offenders).toEqual([]);
  });
  it("the scan sees a reader", () => {
    expect(READERS.test("const t = await readFile(f, 'utf8');")).toBe(true);
    expect(READERS.test("readFileSync (f)")).toBe(true);
    expect(READERS.test("readInputFile(f)")).toBe(false);
  });
});

describe("pathInside", () => {
  it("keeps every name inside its folder, and refuses any that leaves it", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("..", ".", "a", "b", "/", "x/../..", "", "c\0"), { minLength: 1, maxLength: 6 }).map((p) => p.join("/")), (name) => {
        const folder = "/base/folder";
        let got: string | undefined;
        try {
          got = pathInside(folder, name, "name");
        } catch (error) {
          expect(error).toBeInstanceOf(PathEscapeError);
          expect((error as Error).message).toContain(folder);
          return;
        }
        expect(got.startsWith(`${folder}/`)).toBe(true);
      }),
    );
    expect(pathInside("/b", "0.5.1.13.json", "key")).toBe("/b/0.5.1.13.json");
    expect(() => pathInside("/b", "../../x/evil.json", "key")).toThrow(PathEscapeError);
  });
});

describe("a baseline's persona never leaves --dir", () => {
  it("refuses a persona that is not a plain name, and a key that climbs out", () => {
    const outcomes = { ...outcomesFixture(), target: "fake", persona: "../../../../x/evil" };
    expect(() => baselineKey(outcomes)).toThrow(BaselineKeyError);
    expect(() => baselinePath("../../x/evil", "/d")).toThrow(PathEscapeError);
    expect(baselineKey({ ...outcomes, persona: "pre-error-codes" })).toBe("0.5.1.13-pre-error-codes");
  });
});

describe("a huge baseline", () => {
  it("renders the gate's table of 400,000 clauses without overflowing the stack", () => {
    const ids = Array.from({ length: 400_000 }, (_, i) => `area.clause-${i}`);
    // (the rendering is judged, not the comparison: both are linear)
    const baseline = outcomesFixture(ids);
    const current = { ...outcomesFixture(ids), clauses: Object.fromEntries(ids.map((id) => [id, { status: "failed" as const, message: "m" }])) };
    const text = renderGate(compareOutcomes(baseline, current), current, { outcomes: baseline, file: "/b.json" });
    expect(text).toContain("area.clause-399999");
  }, 90_000); // about 16 s on a loaded 2-core machine: the comparison and the table of 400,000 rows
});

describe("a write that fails names its file", () => {
  it("writeFileAtomic says which file could not be written", async () => {
    const dir = await tempDir("write-fails");
    await writeFile(join(dir, "plain"), "x");
    const target = join(dir, "plain", "under-a-file.json");
    await expect(writeFileAtomic(target, "{}")).rejects.toThrow(target);
  });
  it("checkOutputFile refuses a device, and a marked kind of file the harness did not write", async () => {
    await expect(checkOutputFile("/dev/null", { what: "--outcomes", marker: "\"schema\"" })).rejects.toThrow(OutputPathError);
    const dir = await tempDir("marker-file");
    await writeFile(join(dir, "compat.html"), "<p>mine</p>");
    await expect(checkOutputFile(join(dir, "compat.html"), { what: "x", marker: "ego-conformance" })).rejects.toThrow(/not written by ego-conformance/);
    await writeFile(join(dir, "compat.html"), "<meta ego-conformance>");
    await expect(checkOutputFile(join(dir, "compat.html"), { what: "x", marker: "ego-conformance" })).resolves.toBe(join(dir, "compat.html"));
  });
});

// --- the fuzz pass: every reader of an input file, with what fast-check makes of a good file
type Reader = { name: string; good: string; read: (file: string) => Promise<unknown> };
const READERS_UNDER_FUZZ: Reader[] = [
  { name: "outcomes (gate, baseline save)", good: JSON.stringify(outcomesFixture()), read: readOutcomes },
  { name: "expectations (run --expectations)", good: JSON.stringify({ entries: [] }), read: loadExpectations },
  {
    name: "expectations lint",
    good: JSON.stringify({ entries: [] }),
    read: async (file) => {
      const report = await lintFile(file, "2026-12-01");
      if ("unreadable" in report) throw new ExpectationsError(report.unreadable); // as the CLI does
      return report;
    },
  },
  { name: "fault plan (run --infra-faults)", good: JSON.stringify({ faults: [] }), read: readInfraFaultPlan },
  { name: "the run ledger", good: `${JSON.stringify({ t: "run-start", runId: "r", pid: 1, host: "h", at: "x" })}\n`, read: async (file) => new Ledger(file).read() },
  {
    name: "matrix bundle (report --merge)",
    good: "{}",
    read: async (file) => {
      const dir = join(file, "..", "bundle-dir");
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, "bundle.json"), await readFile(file));
      return readBundle(dir);
    },
  },
];

/** A corrupt, truncated, huge or wrong-type version of `good`. */
const variant = (good: string) =>
  fc.oneof(
    fc.nat({ max: good.length }).map((n) => good.slice(0, n)), // truncated
    fc.tuple(fc.nat({ max: good.length }), fc.string({ maxLength: 8 })).map(([n, s]) => good.slice(0, n) + s + good.slice(n)), // corrupt
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), // wrong type
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString("latin1")), // bytes
    fc.constantFrom("null", "[]", "0", '""', "{}", "\u0000", `[${"[".repeat(5000)}`, `"${"x".repeat(100_000)}`), // deep, huge
  );

describe("the fuzz pass over the readers of input files", () => {
  for (const reader of READERS_UNDER_FUZZ) {
    it(`${reader.name}: a bad input is a bad-input error naming the file`, async () => {
      const dir = await tempDir("fuzz");
      let n = 0;
      await fc.assert(
        fc.asyncProperty(variant(reader.good), async (text) => {
          const file = join(dir, `input-${n++}.json`);
          await writeFile(file, text);
          const error = await reader.read(file).then(() => undefined, (e: unknown) => e);
          if (error === undefined) return; // a variant that is still good
          expect(isBadInput(error), `${(error as Error).name}: ${(error as Error).message}`).toBe(true);
          expect((error as Error).message).toContain(reader.name === "matrix bundle (report --merge)" ? "bundle.json" : file);
        }),
        { numRuns: 40 },
      );
      // and a directory, a device in its place
      for (const path of [dir, "/dev/null"]) {
        const error = await reader.read(path).then(() => undefined, (e: unknown) => e);
        if (reader.name.startsWith("matrix bundle")) continue; // a bundle is a directory: its FIFO case is in input-hygiene.test.ts
        expect(isBadInput(error), String(error)).toBe(true);
        expect((error as Error).message).toContain(path);
      }
    });
  }
});
