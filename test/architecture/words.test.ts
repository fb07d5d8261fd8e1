// One word for each meaning: a deliberate contract defect of the fake is a *mutant*
// (fake-bridge/mutants, --mutant), a misbehaving infrastructure is an *infrastructure fault*
// (fake-bridge/infra-faults, --infra-faults), a deliberate harness defect is a *harness bug*
// (src/safety/harness-bugs.ts, EGO_CONFORMANCE_HARNESS_BUG), and retrying lives in src/retries. The words that
// used to mean these must not come back, in code or in docs.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const SELF = relative(ROOT, import.meta.filename);
const SCANNED = ["src", "fake-bridge", "test", "suites", "scripts", "docs", "examples", "README.md", "bin"];

/** each retired spelling, and what to say instead */
const RETIRED: readonly { pattern: RegExp; say: string }[] = [
  { pattern: /(?<![\w-])--fault\b/, say: "--mutant" },
  { pattern: /(?<![\w-])--faults\b/, say: "--infra-faults" },
  { pattern: /\bFaultName\b|\bFAULT_NAMES\b|\bisFaultName\b|\bparseFaults\b/, say: "MutantName, MUTANT_NAMES, isNameOf(MUTANTS, …), parseMutants" },
  { pattern: /fake-bridge\/faults\b/, say: "fake-bridge/mutants" },
  { pattern: /\bsrc\/faults\b|src\("faults\//, say: "src/retries" },
  { pattern: /harness[ -]faults?\b|HarnessFault|HARNESS_FAULT/, say: "harness bug (EGO_CONFORMANCE_HARNESS_BUG, HarnessBug)" },
  // a clause's outcome has one name, the outcome model's (src/outcomes/statuses.ts)
  { pattern: /\bClauseStatus\b/, say: "ResultOutcome (the worst of a clause's results) or Outcome" },
  { pattern: /\bBucket\b|\bBUCKETS\b|\bclauseBucket\b/, say: "Outcome, OUTCOMES, clauseOutcome" },
  { pattern: /\bSTATUS_PRECEDENCE\b/, say: "PRECEDENCE" },
  { pattern: /\bCOMPAT_STATUSES\b|\bCompatStatus\b|\bcompatStatusOf\b/, say: "OUTCOMES, Outcome (a cell's status is the clause's outcome)" },
  { pattern: /\bSTATUS_TEXT\b/, say: "OUTCOME_TEXT" },
  { pattern: /\bOutcomeStatus\b/, say: "Outcome (OutcomeInFile reads an outcomes file's legacy spelling)" },
  { pattern: /\bworstStatus\b|\beffectiveStatus\b|\bemptyCounts\b/, say: "worstOutcome, resultOutcome, emptyOutcomeCounts" },
  { pattern: /\bclassifyChange\b|\bchangeBetween\b/, say: "outcomeChange (a clause's outcome between two runs) or cellChange (two matrix cells)" },
  // the pages choice is declared once (src/contract/pages-choice.ts), the --pages entry reads it
  { pattern: /\bFakePages\b|\bPagesFlag\b|\bparsePagesFlag\b|\bRecordedPages\b/, say: "PagesChoice (src/contract/pages-choice.ts); the --pages entry checks its value" },
  { pattern: /"chromium" \| "model"|"model" \| "chromium"|z\.enum\(\["chromium"/, say: "PagesChoice" },
  // one builder of the task-space name prefix, one default outcomes file
  { pattern: /\bspacePrefix\b/, say: "clausePrefix (src/space-names)" },
  { pattern: /\bDEFAULT_OUTCOMES\b/, say: "DEFAULT_OUTCOMES_FILE" },
  { pattern: /\bMatrixBaseline\b|\bGateBaseline\b|\breadMatrixBaseline\b/, say: "Baseline, readBaseline (src/gate/gate-inputs.ts)" },
  { pattern: /\b(close-each|close-spaces|list-spaces|space-listing|run-spaces|owned-spaces|user-spaces)\.(ts|js)\b|\bcloseEach\b|\bEachClosed\b|\bCloseEachOptions\b|\bcloseSpaces\b|\bspacesOfRun\b/, say: "src/safety's close-one-by-one, close-own-spaces, probe-listing, listed-space, run-leftovers, proven-ours, user-space-changes (closeOneByOne, closeOwnSpaces, leftoversOfRun)" },
  { pattern: /\bRunSpaces\b|harness\/spaces\.(ts|js)\b/, say: "TestSpaces (src/harness/test-spaces.ts)" },
  { pattern: /safety\/(interrupts|parent-watchdog|results-lock|clause-result)\.(ts|js)\b|\brun\/sweep\.(ts|js)\b/, say: "src/processes/{interrupts,parent-watchdog,results-lock}.ts, src/report/clause-result.ts, src/safety/sweep.ts" },
  { pattern: /\brunMatrix\b|\bbuildCompat\b|\bMatrixRunOptions\b|\bMatrixRun\b|\b(run-matrix|build-compat)\.(ts|js)\b/, say: "makeMatrix (the matrix: the CLI's and the library's), runTargets (src/matrix/run-targets.ts), compatOf (src/matrix/compat.ts)" },
  { pattern: /app\/page-snapshot\b|\.\.\/page-snapshot\/|app\/(snapshot|tabs|real-tabs|locators)\.(ts|js)\b|\breal-tabs\.(ts|js)\b/, say: "the fake's fake-bridge/app/model-snapshot.ts, chromium-snapshot/, snapshot-shape.ts, tab-records.ts, chromium-tabs.ts, model-locators.ts" },
];

function files(path: string): string[] {
  const full = join(ROOT, path);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return [path];
  }
  return entries.flatMap((e) => (e.name === "node_modules" ? [] : e.isDirectory() ? files(join(path, e.name)) : /\.(ts|mts|mjs|js|md|json|sh)$/.test(e.name) ? [join(path, e.name)] : []));
}

describe("one word for each meaning", () => {
  it("no file uses a retired word (each entry says what to say instead)", () => {
    const found: string[] = [];
    for (const file of SCANNED.flatMap(files)) {
      if (file === SELF) continue;
      const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
      lines.forEach((line, i) => {
        for (const { pattern, say } of RETIRED) if (pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 100)} (say ${say})`);
      });
    }
    expect(found).toEqual([]);
  });
});
