/**
 * The retry rules, end to end through clause() and the Allure reporter (inline suites run by
 * vitest against the fake, as test/outcomes/runner-outcomes.test.ts does): a contract failure
 * and a precondition failure are never retried; an infrastructure error is, and a pass after it
 * is flaky (label outcome=flaky and which error was retried); the retry budget is bounded.
 */
import { describe, expect, test } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { MAX_INFRA_RETRIES } from "../../src/retries/retry.js";
import { RUN_ENV } from "../../src/harness/run-config.js";
import { LABEL } from "../../src/labels/labels.js";
import { labelValue, type TestResult } from "../../src/report/results-reader.js";
import { inlineSuite, runInline, src, ALLURE } from "../support/inline-suite.js";

const plain = CATALOGUE.filter((c) => !c.unspecified && c.needs.length === 0 && c.features.length === 0 && c.versions === undefined).map((c) => c.id);
const [CONTRACT, PRECONDITION, FLAKY, ALWAYS_INFRA, OWNER, UNAVAILABLE, HARNESS_BUG] = plain as [string, string, string, string, string, string, string];

const tries = (r: TestResult) => r.labels.filter((l) => l.name === "attempt_seen").length;

describe("retries happen only on infrastructure errors", () => {
  const of = inlineSuite(
    "inline-retry",
    {
      "retries.test.ts": `
import * as allure from ${ALLURE};
import { expect } from "vitest";
import { clause } from ${src("harness/clause.ts")};
import { PreconditionError } from ${src("harness/precondition.ts")};
import { InfrastructureError } from ${src("retries/infrastructure.ts")};
const seen = async () => allure.label("attempt_seen", "1");
let flaky = 0;
clause(${JSON.stringify(CONTRACT)}, async () => { await seen(); expect(1, "the build answered wrong").toBe(2); });
clause(${JSON.stringify(PRECONDITION)}, async () => { await seen(); throw new PreconditionError("precondition failed: no space", ${JSON.stringify(OWNER)}); });
clause(${JSON.stringify(HARNESS_BUG)}, async () => { await seen(); throw new TypeError("a harness bug"); });
clause(${JSON.stringify(FLAKY)}, async () => { await seen(); if (flaky++ === 0) throw new InfrastructureError("host went away", "EGO_TASK_HOST_DISCONNECTED"); });
clause(${JSON.stringify(ALWAYS_INFRA)}, async () => { await seen(); throw new InfrastructureError("no browser", "EGO_BROWSER_UNAVAILABLE"); });
`,
    },
    {},
  );

  test("a contract failure is never retried", () => {
    expect(of(CONTRACT).status).toBe("failed");
    expect(tries(of(CONTRACT))).toBe(1);
    expect(labelValue(of(CONTRACT), LABEL.infraRetried)).toBeUndefined();
  });

  test("a precondition failure is never retried", () => {
    expect(labelValue(of(PRECONDITION), LABEL.outcome)).toBe("precondition-failed");
    expect(tries(of(PRECONDITION))).toBe(1);
  });

  test("a harness bug (not an infrastructure error) is broken and not retried", () => {
    expect(of(HARNESS_BUG).status).toBe("broken");
    expect(tries(of(HARNESS_BUG))).toBe(1);
  });

  test("an infrastructure error is retried, and a pass after it is flaky, saying which error was retried", () => {
    const r = of(FLAKY);
    expect(r.status).toBe("passed");
    expect(tries(r)).toBe(2);
    expect(labelValue(r, LABEL.outcome)).toBe("flaky");
    expect(labelValue(r, LABEL.infraRetried)).toBe("EGO_TASK_HOST_DISCONNECTED");
  });

  test("the retry budget is bounded: a persistent infrastructure error ends broken, not flaky", () => {
    const r = of(ALWAYS_INFRA);
    expect(r.status).toBe("broken");
    expect(tries(r)).toBe(MAX_INFRA_RETRIES + 1);
    expect(labelValue(r, LABEL.outcome)).toBeUndefined();
    expect(labelValue(r, LABEL.infraRetried)).toBe("EGO_BROWSER_UNAVAILABLE");
  });
});

describe("an injected infrastructure fault reaches clause() as an infrastructure error", () => {
  test("every call answering EGO_BROWSER_UNAVAILABLE: the clause is retried, then broken (never failed)", async () => {
    const results = await runInline(
      "inline-retry",
      {
        "unavailable.test.ts": `
import * as allure from ${ALLURE};
import { expect } from "vitest";
import { clause } from ${src("harness/clause.ts")};
clause(${JSON.stringify(UNAVAILABLE)}, async ({ ego }) => {
  await allure.label("attempt_seen", "1");
  const seen = await ego.evaluate((p) => p.call("listTaskSpaces"));
  expect(seen).toMatchObject({ channel: "resolved" });
});
`,
      },
      { [RUN_ENV.infraFaults]: JSON.stringify({ seed: 5, faults: [{ kind: "browser-unavailable", probability: 1 }] }) },
    );
    const r = results.find((x) => labelValue(x, LABEL.clause) === UNAVAILABLE)!;
    expect(r.status).toBe("broken");
    expect(r.message).toMatch(/EGO_BROWSER_UNAVAILABLE/);
    expect(tries(r)).toBe(MAX_INFRA_RETRIES + 1);
  }, 120_000);
});
