/** Builders for the matrix tests: Allure results directories as a conformance run leaves them. */
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { writeEnvironment } from "../../src/report/environment.js";
import { LABEL } from "../../src/labels/labels.js";
import type { ResultStatus } from "../../src/report/results-reader.js";

export interface FixtureResult {
  clause: string;
  status: ResultStatus;
  message?: string;
  notApplicable?: string;
  unspecifiedOutcome?: "as-the-fake-chose" | "differs-from-the-fake";
  /** attached as the run attaches what an unspecified clause did: a step attachment named "observed ..." */
  observation?: string;
  /** more labels, as other layers write them (expectations: expectation=known) */
  labels?: Record<string, string>;
}

export interface FixtureRun {
  target?: string;
  targetName?: string;
  egoVersion?: string;
  persona?: string;
  versionSource?: string;
  runId?: string;
}

/** Writes `results` (and environment.properties) the way allure-vitest and `run` would. */
export async function writeResultsDir(dir: string, results: readonly FixtureResult[], run: FixtureRun = {}): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const r of results) {
    const uuid = randomUUID();
    const labels = [
      { name: LABEL.clause, value: r.clause },
      { name: LABEL.area, value: r.clause.split(".")[0]! },
      { name: LABEL.targetKind, value: run.target ?? "fake" },
      { name: LABEL.targetName, value: run.targetName ?? "fake bridge (in-process)" },
      { name: LABEL.egoVersion, value: run.egoVersion ?? "0.5.1.13" },
      ...(run.persona !== undefined ? [{ name: LABEL.persona, value: run.persona }] : []),
      ...(r.notApplicable !== undefined ? [{ name: LABEL.notApplicable, value: r.notApplicable }] : []),
      ...(r.unspecifiedOutcome !== undefined ? [{ name: LABEL.unspecifiedOutcome, value: r.unspecifiedOutcome }] : []),
      ...Object.entries(r.labels ?? {}).map(([name, value]) => ({ name, value })),
    ];
    const steps = [];
    if (r.observation !== undefined) {
      const source = `${randomUUID()}-attachment.txt`;
      await writeFile(join(dir, source), r.observation, "utf8");
      steps.push({ name: "observed (differs from the fake's choice)", attachments: [{ name: "observed (differs from the fake's choice)", source, type: "text/plain" }], steps: [] });
    }
    const result = {
      uuid,
      historyId: `h-${uuid}`,
      name: `${r.clause}: test`,
      fullName: `suites/x.test.ts#${r.clause}`,
      status: r.status,
      statusDetails: r.message !== undefined ? { message: r.message } : {},
      stage: "finished",
      start: 1_700_000_000_000,
      stop: 1_700_000_000_050,
      labels,
      parameters: [{ name: "target", value: run.target ?? "fake" }],
      steps,
      attachments: [],
    };
    await writeFile(join(dir, `${uuid}-result.json`), JSON.stringify(result), "utf8");
  }
  await writeEnvironment(dir, [
    ["target", run.target ?? "fake"],
    ["Ego Lite version", run.egoVersion ?? "0.5.1.13"],
    ["version source", run.versionSource ?? "persona"],
    ["run id", run.runId ?? "20261130-000000-abcdef"],
  ]);
  return dir;
}
