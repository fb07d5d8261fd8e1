// `ego-conformance clauses --where`: every clause with the file and line that implements it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { PROJECT_ROOT, runCli } from "./run-cli.js";

test("clauses --where prints each clause's file and line, and that line names the clause", async () => {
  const r = await runCli(["clauses", "--where"], { timeoutMs: 60_000 });
  expect(r.exitCode, r.stderr).toBe(0);
  const rows = r.stdout.trimEnd().split("\n").map((l) => l.split("\t"));
  expect(rows.map(([id]) => id)).toEqual(CATALOGUE.map((c) => c.id));
  for (const [id, where] of rows) {
    const [file, line] = where!.split(":");
    expect(readFileSync(join(PROJECT_ROOT, file!), "utf8").split("\n")[Number(line) - 1], `${id} at ${where}`).toContain(JSON.stringify(id));
  }
  const json = await runCli(["clauses", "--where", "--json"], { timeoutMs: 60_000 });
  expect(JSON.parse(json.stdout)).toEqual(rows.map(([id, where]) => ({ id, where: [where] })));
});
