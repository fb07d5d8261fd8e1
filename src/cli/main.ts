/** The `ego-conformance` command line: dispatch to a command, map errors to exit statuses. */
import { clausesCommand } from "./clauses.js";
import { detectCommand } from "./detect.js";
import { sweepCommand } from "./sweep.js";
import { fakeCommand } from "./fake.js";
import { matrixCommand } from "./matrix.js";
import { personasCommand } from "./personas.js";
import { expectationsCommand } from "./expectations.js";
import { gateCommand } from "./gate.js";
import { baselineCommand } from "./baseline.js";
import { reportCommand } from "./report.js";
import { runCommand } from "./run.js";
import { USAGE } from "./usage.js";
import { UsageError } from "./usage-error.js";

const COMMANDS: Record<string, (argv: string[]) => number | Promise<number>> = {
  run: runCommand,
  clauses: clausesCommand,
  detect: detectCommand,
  sweep: sweepCommand,
  fake: fakeCommand,
  matrix: matrixCommand,
  personas: personasCommand,
  expectations: expectationsCommand,
  gate: gateCommand,
  baseline: baselineCommand,
  report: reportCommand,
  help: () => {
    process.stdout.write(USAGE);
    return 0;
  },
};

export async function main(argv: string[]): Promise<number> {
  const [name = "help", ...rest] = argv;
  const command = COMMANDS[name === "--help" || name === "-h" ? "help" : name];
  try {
    if (!command) throw new UsageError(`unknown command '${name}'`);
    return await command(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`ego-conformance: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    process.stderr.write(`ego-conformance: the run could not be made: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 2;
  }
}
