// `allure generate RESULTS -o OUT --config FILE [--verdict FILE]` with the quality gate evaluated,
// which Allure 3.18's own `generate` never does; `--verdict FILE` adds the release gate's verdict.
// Plain JavaScript: it runs as the allure CLI does, in its own process.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

function parseArgs(argv) {
  const [command, resultsDir, ...rest] = argv;
  if (command !== "generate" || resultsDir === undefined) throw new Error("usage: allure-generate.mjs generate RESULTS -o OUT --config FILE [--verdict FILE]");
  const options = {};
  for (let i = 0; i < rest.length; i += 2) {
    const value = rest[i + 1];
    if (value === undefined) throw new Error(`${rest[i]} needs a value`);
    if (rest[i] === "-o") options.output = value;
    else if (rest[i] === "--config") options.config = value;
    else if (rest[i] === "--verdict") options.verdict = value;
    else throw new Error(`unknown option ${rest[i]}`);
  }
  if (options.output === undefined || options.config === undefined) throw new Error("-o and --config are required");
  return { resultsDir, ...options };
}

/** @allurereport/core as the allure package resolves it (one copy of Allure, whatever is hoisted). */
async function allureCore() {
  const allureMain = createRequire(import.meta.url).resolve("allure");
  return import(pathToFileURL(createRequire(allureMain).resolve("@allurereport/core")).href);
}

/**
 * Each rule of each ruleset on the results, as core's QualityGate.validate does (without a state: one pass over the whole run).
 * Not QualityGate.validate itself: it needs Node 22 (Iterator.prototype.toArray).
 */
async function evaluate(qualityGate, trs) {
  const results = [];
  for (const ruleset of qualityGate?.rules ?? []) {
    const chosen = ruleset.filter ? trs.filter(ruleset.filter) : trs;
    for (const [key, expected] of Object.entries(ruleset)) {
      if (key === "filter" || key === "id" || key === "fastFail") continue;
      const rule = (qualityGate.use ?? []).filter((r) => r.rule === key).pop();
      if (!rule) throw new Error(`quality gate rule ${key} is not in the config's "use"`);
      const ruleId = ruleset.id ? `${ruleset.id}/${rule.rule}` : rule.rule;
      const result = await rule.validate({ trs: chosen, state: { getResult: () => undefined, setResult: () => {} }, expected, metrics: [], previousHistory: [] });
      const payload = { actual: result.actual, expected };
      const message = result.success ? (rule.successMessage?.(payload) ?? `passed: ${result.actual}, expected ${expected}`) : rule.message(payload);
      results.push({ ...result, expected, rule: ruleId, message, testResults: [...new Set(result.testResults ?? [])] });
    }
  }
  return results;
}

const args = parseArgs(process.argv.slice(2));
const cwd = process.cwd();
const core = await allureCore();
const config = await core.readConfig(cwd, args.config, { output: args.output });
const report = new core.AllureReport(config);
await report.start();
await report.readDirectory(resolve(cwd, args.resultsDir));
const trs = (await report.store.allTestResults({ includeRetries: false })).filter((tr) => !tr.isRetry);
const results = await evaluate(config.qualityGate, trs);
if (args.verdict !== undefined) results.push({ testResults: [], ...JSON.parse(readFileSync(args.verdict, "utf8")) });
if (results.length > 0) report.realtimeDispatcher.sendQualityGateResults(results);
await report.done();
