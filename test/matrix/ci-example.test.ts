// The example CI workflow (examples/ci/compat-matrix.yml) must call the CLI with flags it accepts,
// split into as many shards as it runs, and upload the directories the matrix writes.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { bundleDirFor, parseMatrixArgs } from "../../src/cli/matrix.js";
import { parseReportArgs } from "../../src/cli/report.js";

const workflow = readFileSync(new URL("../../examples/ci/compat-matrix.yml", import.meta.url), "utf8");
const targets = /^\s*MATRIX_TARGETS:\s*(.+)$/m.exec(workflow)?.[1]?.trim() ?? "";
const shards = JSON.parse(/^\s*shard:\s*(\[[^\]]*\])/m.exec(workflow)?.[1] ?? "[]") as number[];
const commands = [...workflow.matchAll(/run: node bin\/ego-conformance\.mjs (.+)$/gm)].map((m) => m[1]!.trim());

function argv(command: string, shard: number): string[] {
  return command.replace("$MATRIX_TARGETS", targets).replaceAll("${{ matrix.shard }}", String(shard)).split(/\s+/);
}

describe("examples/ci/compat-matrix.yml", () => {
  it("runs one matrix command per shard with flags the CLI accepts, covering every shard once", () => {
    expect(targets).not.toBe("");
    const [matrix, report] = commands;
    expect(matrix).toMatch(/^matrix /);
    expect(report).toMatch(/^report --merge /);
    const plans = shards.map((i) => parseMatrixArgs(argv(matrix!, i).slice(1), "/ci"));
    expect(plans.map((p) => p.shard)).toEqual(shards.map((index) => ({ index, count: shards.length })));
    expect(new Set(plans.map((p) => p.plan.id)).size).toBe(1);
    expect(parseReportArgs(argv(report!, 1).slice(1), "/ci")).toMatchObject({ merge: ["/ci/bundles"], outDir: "/ci/reports" });
  });

  it("gates a target of the matrix, with the outcomes file the merge writes for it", () => {
    const gate = commands.find((c) => c.startsWith("gate "));
    const target = /^\s*GATE_TARGET:\s*(\S+)$/m.exec(workflow)?.[1];
    const baseline = /^\s*GATE_BASELINE:\s*(\S+)$/m.exec(workflow)?.[1];
    expect(gate).toBe('gate --baseline "$GATE_BASELINE" --outcomes "reports/compat-outcomes/$GATE_TARGET.json"');
    const plan = parseMatrixArgs(argv(commands[0]!, 1).slice(1), "/ci").plan;
    const spec = plan.targets.find((t) => t.key === target);
    expect(spec, `${target} is a target of the matrix`).toBeDefined();
    // the baseline key names the target's version and persona (src/gate/baseline-store.ts)
    expect(baseline).toMatch(new RegExp(`^\\d+\\.\\d+\\.\\d+\\.\\d+-${spec!.kind === "fake" ? spec!.persona : ""}$`));
    expect(workflow).toContain("reports/compat-outcomes");
  });

  it("uploads the bundle directory each shard writes", () => {
    const upload = /path: (reports\/matrix-shard-\$\{\{ matrix\.shard \}\}-of-\d+)/.exec(workflow)?.[1];
    for (const i of shards) {
      const expected = relative("/ci", bundleDirFor("/ci/reports", { index: i, count: shards.length }, true));
      expect(upload?.replace("${{ matrix.shard }}", String(i))).toBe(expected);
    }
  });
});
