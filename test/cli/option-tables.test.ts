// One option table per command (src/cli/options.ts) drives the parser, the help and docs/cli.md:
// every flag in a table parses with the command's own parser, help shows every flag, each command
// file parses with its table (and only with it), and docs/cli.md is what the tables generate.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { APP_OPTION_SPEC } from "../../fake-bridge/server/options.js";
import { renderCliReference } from "../../src/cli/cli-reference.js";
import { parseMatrixArgs } from "../../src/cli/matrix.js";
import * as TABLES from "../../src/cli/options.js";
import { COMMAND_SPECS, type FlagSpec, type FlagTable } from "../../src/cli/options.js";
import { parseArgsOptions, parseFlags } from "../../src/cli/parse-flags.js";
import { parseReportArgs } from "../../src/cli/report.js";
import { parseRunArgs } from "../../src/cli/run.js";
import { flagLabel, USAGE, usageFor } from "../../src/cli/usage.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { PAGES_CHOICES } from "../../src/contract/pages-choice.js";

const ROOT = resolve(import.meta.dirname, "../..");

/** Which table each command's file parses with. */
const TABLE_OF: Record<string, { file: string; table: keyof typeof TABLES }> = {
  run: { file: "run.ts", table: "RUN_FLAGS" },
  clauses: { file: "clauses.ts", table: "CLAUSES_FLAGS" },
  matrix: { file: "matrix.ts", table: "MATRIX_FLAGS" },
  report: { file: "report.ts", table: "REPORT_FLAGS" },
  personas: { file: "personas.ts", table: "PERSONAS_FLAGS" },
  "expectations lint": { file: "expectations.ts", table: "EXPECTATIONS_LINT_FLAGS" },
  gate: { file: "gate.ts", table: "GATE_FLAGS" },
  "baseline save": { file: "baseline.ts", table: "BASELINE_SAVE_FLAGS" },
  detect: { file: "detect.ts", table: "DETECT_FLAGS" },
  sweep: { file: "sweep.ts", table: "SWEEP_FLAGS" },
  "fake start": { file: "fake.ts", table: "FAKE_START_FLAGS" },
  "fake stop": { file: "fake.ts", table: "FAKE_STOP_FLAGS" },
  "fake status": { file: "fake.ts", table: "FAKE_STATUS_FLAGS" },
  "fake install": { file: "fake.ts", table: "FAKE_INSTALL_FLAGS" },
  "verify-fake": { file: "verify-fake.ts", table: "VERIFY_FAKE_FLAGS" },
  diff: { file: "diff.ts", table: "DIFF_FLAGS" },
  "persona derive": { file: "persona.ts", table: "PERSONA_DERIVE_FLAGS" },
  help: { file: "main.ts", table: "HELP_FLAGS" },
};

/** A value each string flag of run, matrix and report accepts. */
const SAMPLE: Record<string, string> = {
  target: "fake",
  area: "tabs",
  grep: "tabs",
  results: "r",
  report: "h",
  mutant: "string-ids",
  "infra-faults": "plan.json",
  persona: "pre-profiles",
  pages: "model",
  "ego-version": "0.5.0.19",
  expectations: "e.json",
  outcomes: "o.json",
  "ego-browser": "/x/ego-browser",
  operator: "/x/operator.sock",
  "probe-timeout": "1000",
  workers: "2",
  "min-clauses": "10",
  "close-delay-ms": "100",
  personas: "all",
  versions: "0.5.0.19",
  installed: "/x/ego-browser",
  shard: "1/2",
  out: "o",
  merge: "b",
};

function argvFor(name: string, flag: FlagSpec, value = SAMPLE[name] ?? "v"): string[] {
  return flag.type === "boolean" ? [`--${name}`] : [`--${name}`, value];
}

describe("the option tables", () => {
  it("cover every command help lists, and every command file parses with its own table", () => {
    expect(COMMAND_SPECS.map((s) => s.name).sort()).toEqual(Object.keys(TABLE_OF).sort());
    for (const spec of COMMAND_SPECS) {
      const { file, table } = TABLE_OF[spec.name]!;
      expect(spec.flags, spec.name).toBe(TABLES[table]);
      if (Object.keys(spec.flags).length === 0) continue;
      const source = readFileSync(resolve(ROOT, "src/cli", file), "utf8");
      expect(source, `${file} parses with ${table}`).toMatch(new RegExp(`parseFlags\\(argv, ${table}[,)]`));
    }
    // no command parses with an inline option object any more
    for (const { file } of Object.values(TABLE_OF)) {
      expect(readFileSync(resolve(ROOT, "src/cli", file), "utf8"), file).not.toMatch(/parseFlags\(argv, \{/);
    }
  });

  it("every flag of every table parses, and comes back with its value", () => {
    for (const spec of COMMAND_SPECS) {
      for (const [name, flag] of Object.entries(spec.flags)) {
        const { values } = parseFlags(argvFor(name, flag), spec.flags as FlagTable) as { values: Record<string, unknown> };
        const expected = flag.type === "boolean" ? true : SAMPLE[name] ?? "v";
        expect(values[name], `${spec.name} --${name}`).toEqual(flag.multiple ? [expected] : expected);
      }
      expect(() => parseFlags(["--not-a-flag"], spec.flags as FlagTable), spec.name).toThrow(UsageError);
    }
  });

  it("every run flag is accepted by run's own parser", () => {
    const installed = new Set(Object.entries(TABLES.RUN_FLAGS).filter(([, f]) => (f as FlagSpec).section === "installed").map(([n]) => n));
    for (const [name, flag] of Object.entries(TABLES.RUN_FLAGS)) {
      const argv = [
        ...argvFor(name, flag),
        ...(installed.has(name) || name === "operator" ? ["--target", "installed"] : []),
        ...(name === "write" ? ["--update-expectations"] : []),
      ];
      if (name === "target") argv.splice(0, argv.length, "--target", "installed");
      expect(() => parseRunArgs(argv, "/w"), `run ${argv.join(" ")}`).not.toThrow();
    }
  });

  it("every matrix and report flag is accepted by their own parsers", () => {
    for (const [name, flag] of Object.entries(TABLES.MATRIX_FLAGS)) {
      // --dir says where --baseline's key is stored: it comes with --baseline
      const argv = [...argvFor(name, flag), ...(name === "dir" ? ["--baseline", "0.5.1.13"] : [])];
      expect(() => parseMatrixArgs(argv, "/w"), `matrix --${name}`).not.toThrow();
    }
    for (const [name, flag] of Object.entries(TABLES.REPORT_FLAGS)) {
      const argv = [...argvFor(name, flag), ...(name === "merge" ? [] : ["--merge", "b"]), ...(name === "dir" ? ["--baseline", "0.5.1.13"] : [])];
      expect(() => parseReportArgs(argv, "/w"), `report --${name}`).not.toThrow();
    }
  });

  it("a flag with choices takes each of them, refuses anything else (exit 2), and shows them as its value", () => {
    const choosing = COMMAND_SPECS.flatMap((spec) => Object.entries(spec.flags as FlagTable).filter(([, f]) => f.choices !== undefined).map(([name, flag]) => ({ spec, name, flag })));
    expect(choosing.map(({ spec, name }) => `${spec.name} --${name}`).sort()).toEqual(["fake start --pages", "matrix --pages", "run --pages", "verify-fake --pages"]);
    for (const { spec, name, flag } of choosing) {
      expect(flag.choices, `${spec.name} --${name}`).toEqual(PAGES_CHOICES);
      expect(flag.value).toBe(PAGES_CHOICES.join("|"));
      for (const choice of flag.choices!) expect(parseFlags([`--${name}`, choice], spec.flags as FlagTable).values[name]).toBe(choice);
      expect(() => parseFlags([`--${name}`, "paper"], spec.flags as FlagTable), `${spec.name} --${name} paper`).toThrow(/--pages must be chromium or model, not 'paper'/);
    }
  });

  it("fake start takes exactly the fake app server's options, plus --json", () => {
    const { json: _json, ...server } = parseArgsOptions(TABLES.FAKE_START_FLAGS);
    expect(server).toEqual(APP_OPTION_SPEC);
  });

  it("help shows every flag: in the whole usage, and in the help of its command", () => {
    for (const spec of COMMAND_SPECS) {
      const help = usageFor(spec.name.split(" ")[0]!);
      expect(help, spec.name).toBeDefined();
      expect(help).toContain(`ego-conformance ${spec.name} ${spec.synopsis}`);
      for (const [name, flag] of Object.entries(spec.flags)) {
        const line = new RegExp(`^  ${flagLabel(name, flag).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s`, "m");
        expect(help, `help ${spec.name}: --${name}`).toMatch(line);
        expect(USAGE, `help: --${name}`).toMatch(line);
        // the meaning is there too (its first words; help wraps the rest)
        expect(help).toContain(flag.help.split(" ").slice(0, 3).join(" "));
      }
    }
    expect(USAGE).toContain("--debug");
  });

  it("help wraps at 100 columns, except a usage line that cannot be broken", () => {
    for (const line of USAGE.split("\n")) if (!line.startsWith("  ego-conformance ")) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it("docs/cli.md is what the tables generate (npm run docs:cli)", () => {
    expect(readFileSync(resolve(ROOT, "docs/cli.md"), "utf8")).toBe(renderCliReference());
  });

  it("docs/cli.md lists every flag of every command", () => {
    const doc = renderCliReference();
    for (const spec of COMMAND_SPECS) {
      expect(doc).toContain(`## \`ego-conformance ${spec.name} ${spec.synopsis}\``);
      for (const [name, flag] of Object.entries(spec.flags)) expect(doc, `${spec.name} --${name}`).toContain(`| \`${flagLabel(name, flag).replace(/\|/g, "\\|")}\` |`);
    }
  });
});
