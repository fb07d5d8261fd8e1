/**
 * `ego-conformance detect [--ego-browser PATH] [--ego-version V] [--probe-timeout MS] [--json]`:
 * which `ego-browser`, which Ego Lite version (and from where), which bridge methods, and where
 * that disagrees with what the version should have.
 */
import { CliNotFoundError } from "../targets/detect/locate-cli.js";
import { detectionJson, renderDetection } from "../targets/detect/detect-report.js";
import { detectRun } from "../targets/detect/detect-run.js";
import { tryParseEgoVersion } from "../version/index.js";
import { numberFlag, parseFlags } from "./parse-flags.js";
import { DETECT_FLAGS } from "./options.js";
import { UsageError } from "./usage-error.js";
import { printable } from "../text/printable.js";

export async function detectCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, DETECT_FLAGS);
  const egoVersion = values["ego-version"];
  if (egoVersion !== undefined && tryParseEgoVersion(egoVersion) === null) throw new UsageError(`--ego-version must be a four-part Ego Lite version like 0.5.0.19, not '${egoVersion}'`);
  const probeTimeoutMs = numberFlag(values["probe-timeout"]);
  let detected;
  try {
    detected = await detectRun({
      ...(values["ego-browser"] !== undefined ? { flag: values["ego-browser"] } : {}),
      ...(egoVersion !== undefined ? { egoVersion } : {}),
      ...(probeTimeoutMs !== undefined ? { probeTimeoutMs } : {}),
    });
  } catch (error) {
    if (error instanceof CliNotFoundError) {
      if (values.json) process.stdout.write(`${JSON.stringify({ cli: null, error: error.message, searched: error.searched }, null, 2)}\n`);
    }
    throw error; // exit 2, said by the CLI's one-paragraph message (src/cli/messages.ts)
  }
  const { detection } = detected;
  if (values.json) process.stdout.write(`${JSON.stringify({ ...detectionJson(detection), warnings: detected.info.warnings ?? [] }, null, 2)}\n`);
  else {
    process.stdout.write(renderDetection(detection));
    for (const w of detected.info.warnings ?? []) process.stdout.write(`Warning: ${printable(w)}\n`);
  }
  // 0: the build was asked; 1: the CLI is there but its bridge could not be asked
  return detection.bridge === null ? 1 : 0;
}
