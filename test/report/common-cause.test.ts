import { describe, expect, it } from "vitest";
import { commonCause, messageKey } from "../../src/report/common-cause.js";
import { summarize } from "../../src/report/summary.js";
import { renderJson, renderTerminal } from "../../src/report/terminal.js";
import { clause, result } from "./helpers.js";

const ids = Array.from({ length: 20 }, (_, i) => `tabs.c${i}`);
const catalogue = [...ids.map((id) => clause(id)), clause("cdp.ok"), clause("cdp.own")];
const UNREACHABLE = "the installed target could not be reached: ego-browser exited with code 1 before running the script";
const STDERR = "error: --sdk-path is not supported by this launcher\nusage: ego-browser nodejs [--profile P] script.js\n\n  more\nline 4\nline 5\nline 6";

describe("one cause, said once", () => {
  const results = [
    ...ids.map((id) => ({ ...result({ clause: id, status: "broken", message: UNREACHABLE }), diagnostics: STDERR })),
    result({ clause: "cdp.ok", status: "passed" }),
    result({ clause: "cdp.own", status: "failed", message: "expected 1 to be 2" }),
  ];
  const summary = summarize(results, catalogue);

  it("says the cause once at the top of the terminal summary, with the first lines of the target's stderr", () => {
    const text = renderTerminal(summary);
    const top = text.slice(0, text.indexOf("area "));
    expect(top).toContain(`One cause: 20 of the 22 clauses that ran ended broken with the same message: ${UNREACHABLE}.`);
    expect(top).toContain("The target's stderr begins:\n  error: --sdk-path is not supported by this launcher\n  usage: ego-browser nodejs [--profile P] script.js\n    more\n  line 4\n  line 5\n");
    expect(top).not.toContain("line 6");
    expect(text.split(UNREACHABLE).length - 1).toBe(2); // once at the top, once in the grouped list
    expect(text).not.toMatch(/Problems with the results/);
  });

  it("groups identical messages in the per-clause list: one line with a count", () => {
    const text = renderTerminal(summary);
    expect(text).toContain(`Broken (harness or infrastructure errors): 20\n  ×20 ${UNREACHABLE.slice(0, 119)}`);
    expect(text).toMatch(/\(tabs\.c0, tabs\.c1, tabs\.c2 and 17 more\)/);
    expect(text).toMatch(/^ {2}cdp\.own {2}expected 1 to be 2$/m);
  });

  it("lists it in the JSON problems", () => {
    const json = renderJson(summary);
    expect(json.problems).toHaveLength(1);
    expect(json.problems[0]).toMatch(/^one cause: 20 of the 22 clauses that ran ended broken with the same message: the installed target could not be reached.*; the target's stderr begins: error: --sdk-path is not supported/);
  });

  it("takes the stderr a message quotes when no result carries the diagnostics (the CLI never reached the probe loop)", () => {
    const message = "the installed target could not be reached: ego-browser ended before the probe loop connected (exit status 3).\n/x/ego-browser nodejs (pid 12)\nstderr:\nerror: unknown option --sdk-path\nusage: ego-browser nodejs script.js\nstdout:\nnothing";
    const cause = commonCause(ids.map((id) => ({ id, status: "broken" as const, messages: [message] })));
    expect(cause?.stderr).toEqual(["error: unknown option --sdk-path", "usage: ego-browser nodejs script.js"]);
    expect(renderTerminal(summarize(ids.map((id) => result({ clause: id, status: "broken", message })), catalogue))).toContain("The target's stderr begins:\n  error: unknown option --sdk-path\n  usage: ego-browser nodejs script.js\n");
  });

  it("ends its sentence with the mechanism, never a dangling colon, and keeps the mechanism of a long launcher line", () => {
    const launcher = `/Applications/Ego Lite.app/Contents/Resources/runtime/node_modules/@ego/launcher/dist/launcher-main-entry.js:412 (the launcher of this build) TypeError: runMain is not a function`;
    const message = `the installed target could not be reached: ego-browser exited with code 1 before running the script:\nstderr:\n${launcher}\n    at Object.<anonymous> (launcher.js:412:3)\nstdout:\n`;
    const results = ids.map((id) => result({ clause: id, status: "broken", message }));
    const s = summarize(results, catalogue);
    const cause = commonCause(s.clauses);
    expect(cause?.mechanism).toBe("TypeError: runMain is not a function");
    const text = renderTerminal(s);
    const top = text.slice(0, text.indexOf("area "));
    expect(top).not.toMatch(/^One cause:.*:\s*$/m);
    expect(top).toMatch(/One cause: 20 of the 22 clauses that ran ended broken with the same message: the installed target could not be reached: ego-browser exited with code 1 before running the script\. The mechanism: TypeError: runMain is not a function\.$/m);
    expect(top).toContain("TypeError: runMain is not a function\n"); // the stderr line keeps its end
    const json = renderJson(s);
    expect(json.problems[0]).toMatch(/the mechanism: TypeError: runMain is not a function/);
    expect(json.problems[0]).not.toMatch(/script:;/);
  });

  it("is no cause when the failures are few or their messages differ", () => {
    expect(commonCause([{ id: "a", status: "broken", messages: ["x"] }, { id: "b", status: "broken", messages: ["x"] }])).toBeUndefined();
    const many = ids.map((id, i) => ({ id, status: "failed" as const, messages: [`different ${String.fromCharCode(97 + i)}`] }));
    expect(commonCause(many)).toBeUndefined();
    const half = [...ids.slice(0, 10).map((id) => ({ id, status: "broken" as const, messages: ["same"] })), ...ids.slice(10).map((id) => ({ id, status: "passed" as const }))];
    expect(commonCause(half)).toBeUndefined();
  });

  it("treats messages that differ only in the run's space names and numbers as one", () => {
    expect(messageKey("precondition failed (owned by task-spaces.create.result-shape): could not create a task space 'ego-conformance 20261130-221500-abc123 tabs.list.shape space-1': {\"id\":12}")).toBe(
      messageKey("precondition failed (owned by task-spaces.create.result-shape): could not create a task space 'ego-conformance 20261130-221501-def456 cdp.send.ok space-2': {\"id\":7}"),
    );
  });
});
