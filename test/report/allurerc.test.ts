import { pathToFileURL } from "node:url";
import type { AllureConfig } from "allure"; // type only: importing allure at runtime runs its CLI
import { describe, expect, it } from "vitest";
import { REPO_ALLURE_CONFIG } from "../../src/report/allure-report.js";
import { LABEL } from "../../src/labels/labels.js";
import { ALLURE_CATEGORIES, FAILS_RUN, resultOutcome } from "../../src/outcomes/index.js";

const config = ((await import(pathToFileURL(REPO_ALLURE_CONFIG).href)) as { default: AllureConfig }).default;

type Rule = { name: string; matchers: { statuses?: string[]; labels?: Record<string, string> }; groupBy?: ({ label: string } | string)[] };

describe("allurerc.mjs", () => {
  const rules = config.categories as unknown as Rule[];

  it("names the report and writes it to reports/allure-report with the awesome plugin only", () => {
    expect(config.name).toBe("Ego Lite conformance");
    expect(config.output).toBe("./reports/allure-report");
    expect(Object.keys(config.plugins ?? {})).toEqual(["awesome"]);
  });

  it("has one category per outcome from the outcome model, known failures and precondition failures before the status-only ones", () => {
    expect(rules).toEqual(ALLURE_CATEGORIES.map((c) => c.rule));
    expect(rules.map((r) => r.name)).toEqual(["Known failures", "Precondition failed", "Contract violations", "Harness errors", "Flaky (passed after an infrastructure retry)", "Unspecified (observed)", "Not applicable"]);
    expect(new RegExp(rules[0]!.matchers.labels!.expectation!).test("known")).toBe(true);
    expect(new RegExp(rules[1]!.matchers.labels!.outcome!).test("precondition-failed")).toBe(true);
    expect(rules.slice(2, 4).map((r) => r.matchers.statuses)).toEqual([["failed"], ["broken"]]);
  });

  it("groups by labels the harness writes", () => {
    const labels = new Set<string>(Object.values(LABEL));
    const grouped = rules.flatMap((r) => r.groupBy ?? []).map((g) => (typeof g === "string" ? g : g.label));
    for (const name of grouped) expect(labels.has(name), name).toBe(true);
    const awesome = (config.plugins?.awesome?.options ?? {}) as { groupBy?: string[] };
    for (const name of awesome.groupBy ?? []) expect(labels.has(name), name).toBe(true);
  });
});

describe("the categories, matched as Allure 3 matches them (@allurereport/core-api, allure's own)", () => {
  it("puts each outcome's result in its own category: a precondition failure is no harness error", async () => {
    const { matchCategory, normalizeCategoriesConfig } = (await import("@allurereport/core-api")) as unknown as {
      normalizeCategoriesConfig(cfg: unknown): unknown[];
      matchCategory(categories: unknown[], d: { status: string; labels: { name: string; value: string }[]; flaky: boolean; message?: string }): { name: string } | undefined;
    };
    const categories = normalizeCategoriesConfig(config.categories);
    const category = (status: string, labels: Record<string, string> = {}, flaky = false) =>
      matchCategory(categories, { status, flaky, message: "m", labels: Object.entries(labels).map(([name, value]) => ({ name, value })) })?.name;
    expect(category("broken", { outcome: "precondition-failed", precondition_owner: "task-spaces.create.result-shape" })).toBe("Precondition failed");
    expect(category("failed", { outcome: "precondition-failed" })).toBe("Precondition failed");
    // the report's view (src/report/allure-view.ts): skipped, still its own category, never "Not applicable"
    expect(category("skipped", { outcome: "precondition-failed" })).toBe("Precondition failed");
    expect(category("broken")).toBe("Harness errors");
    expect(category("failed")).toBe("Contract violations");
    expect(category("failed", { expectation: "known" })).toBe("Known failures");
    expect(category("passed", { outcome: "flaky" })).toBe("Flaky (passed after an infrastructure retry)");
    expect(category("passed", {}, true)).toBe("Flaky (passed after an infrastructure retry)");
    expect(category("skipped", { not_applicable: "feature:profiles" })).toBe("Not applicable");
    expect(category("passed", { conformance: "unspecified" })).toBe("Unspecified (observed)");
    expect(category("passed", { conformance: "core" })).toBe("Unspecified (observed)");
    // the report's view shows an observation (no core) as skipped: still its own category, never "Not applicable"
    expect(category("skipped", { conformance: "unspecified", unspecified_outcome: "as-the-fake-chose" })).toBe("Unspecified (observed)");
    expect(category("skipped", { conformance: "unspecified", not_applicable: "needs:pages" })).toBe("Not applicable");
    expect(category("passed", { conformance: "core", outcome: "flaky" })).toBe("Flaky (passed after an infrastructure retry)");
    expect(category("passed", { conformance: "required" })).toBeUndefined();
    expect(category("passed")).toBeUndefined();
  });
});

describe("the quality gate (allurerc.mjs qualityGate)", () => {
  it("fails a result exactly when the outcome model says it fails the run (FAILS_RUN of resultOutcome), for every status and label", async () => {
    const { failsRunForGate } = (await import(pathToFileURL(REPO_ALLURE_CONFIG).href)) as { failsRunForGate: (tr: unknown) => boolean };
    const statuses = ["passed", "failed", "broken", "skipped", "unknown"] as const;
    for (const status of statuses)
      for (const expectation of [undefined, "known", "mismatch"])
        for (const outcome of [undefined, "precondition-failed", "flaky"])
          for (const flaky of [false, true]) {
            const labels = [...(expectation ? [{ name: LABEL.expectation, value: expectation }] : []), ...(outcome ? [{ name: LABEL.outcome, value: outcome }] : [])];
            const model = FAILS_RUN.has(resultOutcome({ status, labels, flaky }));
            expect(failsRunForGate({ status, labels, flaky }), JSON.stringify({ status, labels, flaky })).toBe(model);
          }
  });

  it("is wired: one rule, the harness's own", () => {
    const gate = config.qualityGate as unknown as { rules: Record<string, unknown>[]; use: { rule: string }[] };
    expect(gate.rules).toEqual([{ egoVerdict: 0 }]);
    expect(gate.use.map((r) => r.rule)).toEqual(["egoVerdict"]);
  });
});
