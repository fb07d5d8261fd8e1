import { installedWorld, cliEnv } from "./support.js";
import { execa } from "execa";
import * as fs from "node:fs";
const w = await installedWorld({});
const area = process.argv[2] ? ["--area", process.argv[2]] : [];
for (let i = 0; i < Number(process.argv[3] ?? 1); i++) {
const t0 = Date.now();
const r = await execa("node", ["bin/ego-conformance.mjs", "run", "--target", "installed", "--no-slow", "--operator", w.operatorSocket, ...area, "--json", "--no-report", "--results", "/tmp/dbg/res7", "--outcomes", "/tmp/dbg/o7.json"], { env: cliEnv(w, { PATH: w.pathWithLauncher }), reject: false, timeout: 400_000 });
const d = JSON.parse(fs.readFileSync("/tmp/dbg/o7.json", "utf8"));
console.log("exit", r.exitCode, (Date.now() - t0) / 1000, JSON.stringify(Object.entries(d.clauses).filter(([k, v]: any) => !["passed", "unspecified", "not-applicable"].includes(v.status))));
}
await w.close();
