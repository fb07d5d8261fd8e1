// A build's own text reaches a terminal only escaped (src/text/printable.ts): a build whose
// getBrowserVersion reports a version made of terminal control sequences (erase the line, print a
// forged green PASSED, set the window title) and a task space whose name does the same are shown
// with every control character visible, by `detect`, by `run`'s header and by `sweep`.
import { describe, expect, it } from "vitest";
import { cliEnv, egoConformance, worldsClosedAfterAll, agentSpace } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

const world = worldsClosedAfterAll();

const SPOOF = "0.5.1.13\u001b[2K\r\u001b[32mPASSED: spoofed\u001b[0m\u001b]0;PWNED\u0007";
const SHOWN = "0.5.1.13\\x1b[2K\\x0d\\x1b[32mPASSED: spoofed\\x1b[0m\\x1b]0;PWNED\\x07";
/** ESC, CR, BEL or any other control but the line feed */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe("a build's text on the terminal", () => {
  it("detect and run show a spoofed version with its control characters escaped", { timeout: 120_000 }, async () => {
    const w = await world({ app: { pages: "model" }, server: { version: SPOOF } });
    const env = cliEnv(w, { PATH: w.pathWithLauncher });
    const detect = await egoConformance(["detect"], { env });
    expect(detect.exitCode, detect.stderr).toBe(0);
    expect(detect.stdout).not.toMatch(RAW_CONTROL);
    expect(detect.stdout).toContain(SHOWN);

    const results = await tempDir("spoof-run");
    const run = await egoConformance(["run", "--target", "installed", "--area", "browser-version", "--no-report", "--results", results], { env });
    expect(run.stdout).toMatch(/^Ego Lite version: version unknown \('0\.5\.1\.13\\x1b\[2K\\x0d\\x1b\[32mPASSED: spoofed\\x1b\[0m\\x1b\]0;PWNED\\x07', not a four-part version\)/m);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stderr).not.toMatch(RAW_CONTROL);
  });

  it("sweep shows a space name with its control characters escaped", { timeout: 90_000 }, async () => {
    const w = await world({ app: { pages: "model" } });
    await agentSpace(w.installed.cliPath, `ego-conformance 20990101-000000-deadbe ${SPOOF}`);
    const sweep = await egoConformance(["sweep"], { env: cliEnv(w, { PATH: w.pathWithLauncher }) });
    expect(sweep.exitCode, sweep.stderr).toBe(0);
    expect(sweep.stdout).toContain(SHOWN);
    expect(sweep.stdout).not.toMatch(RAW_CONTROL);
  });
});
