// An invocation ends when its script ends, whatever raw CDP requests are still unanswered (the
// catalogue's unspecified split says what is judged): a script leaves a Runtime.evaluate pending and
// the process must exit within the bound. Not applicable without a launcher.
import { expect } from "vitest";
import { PENDING_CDP_EXIT_BOUND_MS, SDK_PATH_CLAUSE } from "../../src/contract/clauses/launcher.js";
import { clause } from "../../src/harness/clause.js";
import { offlineUrl } from "../../src/harness/offline-urls.js";
import { PreconditionError } from "../../src/harness/precondition.js";

/** the whole invocation's bound: the script's own calls, then the exit bound, with room */
const RUN_BOUND_MS = 30_000 + PENDING_CDP_EXIT_BOUND_MS;
const END_MARK = "ego-conformance pending-cdp script ended at ";
const SETUP_MARK = "ego-conformance pending-cdp setup failed: ";

function script(spaceId: number, url: string): string {
  return `
const ego = globalThis.ego;
const answers = new Map();
const waiting = new Map();
ego.onCDPMessage = (text) => {
  const m = JSON.parse(text);
  if (typeof m.id !== "number") return;
  answers.set(m.id, m);
  waiting.get(m.id)?.(m);
};
const answered = (id) => new Promise((resolve) => { if (answers.has(id)) resolve(answers.get(id)); else waiting.set(id, resolve); });
const bounded = (p, ms, what) => Promise.race([p, new Promise((_, reject) => setTimeout(() => reject(new Error(what + " not answered within " + ms + " ms")), ms).unref())]);
try {
  ego.useTaskSpace(${JSON.stringify(spaceId)});
  const tab = await ego.createTab(${JSON.stringify(url)});
  ego.sendCDPMessage(JSON.stringify({ id: 1, method: "Target.attachToTarget", params: { targetId: tab.targetId, flatten: true } }));
  const attach = await bounded(answered(1), 10000, "Target.attachToTarget");
  const sessionId = attach.result && attach.result.sessionId;
  if (typeof sessionId !== "string") throw new Error("Target.attachToTarget answered no sessionId: " + JSON.stringify(attach));
  // never answered while the page lives: the promise never settles
  ego.sendCDPMessage(JSON.stringify({ id: 2, sessionId, method: "Runtime.evaluate", params: { expression: "new Promise(() => {})", awaitPromise: true } }));
  ego.sendCDPMessage(JSON.stringify({ id: 3, sessionId, method: "Runtime.evaluate", params: { expression: "1 + 1", returnByValue: true } }));
  await bounded(answered(3), 10000, "Runtime.evaluate of 1 + 1");
  if (answers.has(2)) throw new Error("the never-settling Runtime.evaluate was answered: " + JSON.stringify(answers.get(2)));
  console.log(${JSON.stringify(END_MARK)} + Date.now());
} catch (error) {
  console.log(${JSON.stringify(SETUP_MARK)} + (error && error.message));
}
`;
}

clause("launcher.exit.pending-cdp", async ({ ego, target, spaces, openDetail }) => {
  const launcher = target.launcher;
  if (launcher === undefined) throw new Error("the target has the launcher capability but offers no launcher to run a script with (a harness error)");
  // a probe first: the launcher's take on --sdk-path is known once a process has started
  await ego.evaluate(() => null);
  const sdk = target.info.launch?.sdkPath;
  if (sdk === "rejected" || sdk === "failed" || sdk === "ignored") throw new PreconditionError(`the launcher did not load the --sdk-path module (${sdk}): the script cannot reach the raw bridge`, SDK_PATH_CLAUSE);
  const own = await spaces.create();
  const run = await launcher.runScript(script(own.id, offlineUrl("pending-cdp")), { timeoutMs: RUN_BOUND_MS });
  const out = `exit ${run.exitCode ?? "none"}${run.signal ? `, signal ${run.signal}` : ""}; stdout: ${run.stdout.slice(-2000)}; stderr: ${run.stderr.slice(-2000)}`;
  const setup = run.stdout.split(SETUP_MARK)[1];
  if (setup !== undefined) throw new Error(`the script could not leave a CDP request pending: ${setup.split("\n")[0]} (${out})`);
  const ended = run.stdout.split(END_MARK)[1];
  if (ended === undefined && target.info.launch?.sdkPath !== "loaded") {
    throw new PreconditionError(`the script never reached its end mark, and the launcher's take on --sdk-path is '${target.info.launch?.sdkPath}' (${out})`, SDK_PATH_CLAUSE);
  }
  if (ended === undefined) {
    if (run.timedOut) throw new Error(`the script did not reach its end within ${RUN_BOUND_MS} ms (${out})`);
    throw new Error(`the script ended without its end mark (${out})`);
  }
  const endedAt = Number(ended.split("\n")[0]);
  const ranOn = run.exitedAt - endedAt;
  expect(run.timedOut, `the invocation was still running ${RUN_BOUND_MS} ms after it started, its script long ended with a CDP request unanswered; its process group was killed (${out})`).toBe(false);
  expect(ranOn, `the invocation exited ${ranOn} ms after its script ended, bound ${PENDING_CDP_EXIT_BOUND_MS} ms (${out})`).toBeLessThanOrEqual(PENDING_CDP_EXIT_BOUND_MS);
  await openDetail(() => {
    expect(run.effectiveCode, `the invocation's exit status with a CDP request abandoned (${out})`).toBe(0);
  });
});
