// What makes `run --watch` run again or stop (src/cli/watch-triggers.ts): typed lines, the end of
// input, a changed clause file (one trigger for a burst of saves), a changed harness file, a signal.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, expect, it } from "vitest";
import { WatchTriggers, type WatchTrigger } from "../../src/cli/watch-triggers.js";
import { tempDir } from "../support/temp-dir.js";

let open: WatchTriggers | undefined;
afterEach(() => open?.close());

async function watching(): Promise<{ root: string; input: PassThrough; triggers: WatchTriggers }> {
  const root = await tempDir("watch-triggers");
  await mkdir(join(root, "suites/tabs"), { recursive: true });
  await mkdir(join(root, "src"), { recursive: true });
  const input = new PassThrough();
  open = new WatchTriggers({ input, root, clauseDirs: ["suites"], harnessDirs: ["src", "fake-bridge"], settleMs: 100 });
  // fs.watch reports only what happens after it is set up
  await new Promise((r) => setTimeout(r, 100));
  return { root, input, triggers: open };
}

/** The next trigger, or a failure after a bound: a trigger that never comes fails, it does not hang. */
function next(triggers: WatchTriggers): Promise<WatchTrigger> {
  return Promise.race([triggers.next(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no trigger within 10 s")), 10_000))]);
}

it("gives typed lines in order, q as the end, and what came while nobody waited at once", async () => {
  const { input, triggers } = await watching();
  input.write("\n  --area tabs  \nq\n");
  expect(await next(triggers)).toEqual({ kind: "line", text: "" });
  expect(await next(triggers)).toEqual({ kind: "line", text: "--area tabs" });
  expect(await next(triggers)).toEqual({ kind: "end" });
});

it("ends when its input ends", async () => {
  const { input, triggers } = await watching();
  input.end();
  expect(await next(triggers)).toEqual({ kind: "end" });
});

it("gives one trigger for a burst of saves to clause files, and none for an editor's swap file", async () => {
  const { root, input, triggers } = await watching();
  const file = join(root, "suites/tabs/list.test.ts");
  await writeFile(join(root, "suites/tabs/.list.test.ts.swp"), "x");
  await writeFile(file, "one");
  await writeFile(file, "two");
  expect(await next(triggers)).toEqual({ kind: "clauses", files: [file] });
  await writeFile(join(root, "suites/tabs/.list.test.ts.swp"), "y");
  // window: a change would be given 100 ms after it (settleMs); 300 ms shows the swap file gives none
  await new Promise((r) => setTimeout(r, 300));
  input.write("after\n");
  expect(await next(triggers)).toEqual({ kind: "line", text: "after" });
});

it("says which harness file changed, relative to the project", async () => {
  const { root, triggers } = await watching();
  await writeFile(join(root, "src/judge.ts"), "x");
  expect(await next(triggers)).toEqual({ kind: "harness", file: "src/judge.ts" });
});

it("gives Ctrl-C and SIGTERM as triggers, and lets them go when closed", async () => {
  const { triggers } = await watching();
  const before = process.listenerCount("SIGINT");
  process.emit("SIGINT", "SIGINT");
  expect(await next(triggers)).toEqual({ kind: "signal", signal: "SIGINT" });
  triggers.close();
  expect(process.listenerCount("SIGINT")).toBe(before - 1);
});
