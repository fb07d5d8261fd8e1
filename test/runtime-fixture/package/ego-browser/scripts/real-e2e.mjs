// The runtime's real-browser e2e runner, as upstream's: each case in its own `ego-browser nodejs`
// process (the script on stdin), the CLI from EGO_BROWSER_REAL_E2E_CLI or PATH, and an allow-list
// EGO_BROWSER_REAL_E2E_ONLY (comma-separated case names) when set.
import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";

const cli = process.env.EGO_BROWSER_REAL_E2E_CLI || "ego-browser";
const only = (process.env.EGO_BROWSER_REAL_E2E_ONLY ?? "").split(",").map((s) => s.trim()).filter(Boolean);
const dir = new URL("../e2e/", import.meta.url);
const cases = (await readdir(dir)).filter((f) => f.endsWith(".mjs")).map((f) => f.slice(0, -4)).sort();
const unknown = only.filter((name) => !cases.includes(name));
if (unknown.length > 0) throw new Error(`EGO_BROWSER_REAL_E2E_ONLY names no case: ${unknown.join(", ")}`);

function run(script) {
  return new Promise((resolve) => {
    const child = spawn(cli, ["nodejs"], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    // a CLI that exits before reading its script (or is missing) is that case's failure
    child.stdin.on("error", () => {});
    child.on("error", (error) => (out += String(error)));
    // a case that hangs is a failure, not a stuck CI job
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
    child.stdin.end(script);
  });
}

let failed = 0;
for (const name of cases) {
  if (only.length > 0 && !only.includes(name)) {
    console.log(`- ${name} (not in EGO_BROWSER_REAL_E2E_ONLY)`);
    continue;
  }
  const { code, out } = await run(await readFile(new URL(`${name}.mjs`, dir), "utf8"));
  const ok = code === 0 && out.includes("CASE OK");
  if (!ok) failed += 1;
  console.log(`${ok ? "✔" : "✖"} ${name} (node ${process.version})${ok ? "" : `: exit ${code}\n${out}`}`);
}
process.exit(failed === 0 ? 0 : 1);
