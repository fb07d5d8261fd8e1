// A stand-in for the Allure CLI (EGO_CONFORMANCE_ALLURE_CLI) that writes part of a report, says
// so in `started`, and waits to be stopped: the tests of an interrupted report step use it.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";

export async function slowGenerator(dir: string): Promise<{ generator: string; started: string }> {
  const started = join(dir, "generator-started");
  const generator = join(dir, "slow-allure.mjs");
  await writeFile(
    generator,
    [
      'import { mkdirSync, writeFileSync } from "node:fs";',
      'const out = process.argv[process.argv.indexOf("-o") + 1];',
      "mkdirSync(out, { recursive: true });",
      'writeFileSync(out + "/index.html", "half a report");',
      `writeFileSync(${JSON.stringify(started)}, String(process.pid));`,
      "setInterval(() => {}, 1000);",
    ].join("\n"),
  );
  return { generator, started };
}
