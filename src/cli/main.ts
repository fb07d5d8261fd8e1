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
import { verifyFakeCommand } from "./verify-fake.js";
import { diffCommand } from "./diff.js";
import { personaCommand } from "./persona.js";
import { USAGE, usageFor } from "./usage.js";
import { UsageError } from "./usage-error.js";
import { errorParagraph } from "./messages.js";
import { describeGroupsEnd, endGroups } from "../processes/groups.js";
import { tempDirProblem } from "./temp-dir-check.mjs";

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
  "verify-fake": verifyFakeCommand,
  diff: diffCommand,
  persona: personaCommand,
  help: (argv) => {
    const [topic, ...more] = argv;
    if (topic === undefined) {
      process.stdout.write(USAGE);
      return 0;
    }
    const text = more.length === 0 ? usageFor(topic) : undefined;
    if (text === undefined) throw new UsageError(`no help for '${argv.join(" ")}' (commands: ${Object.keys(COMMANDS).join(", ")})`);
    process.stdout.write(text);
    return 0;
  },
};

/** Commands with subcommands: their messages name both ("fake start"). */
const WITH_SUBCOMMANDS = new Set(["fake", "baseline", "expectations", "persona"]);

export async function main(argv: string[]): Promise<number> {
  // --debug is global: wherever it stands, it only adds the stack trace to a failure
  const debug = argv.includes("--debug");
  const args = argv.filter((a) => a !== "--debug");
  const [given = "help", ...rest] = args;
  const name = given === "--help" || given === "-h" ? "help" : given;
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  const shown = WITH_SUBCOMMANDS.has(name) && rest[0] !== undefined && !rest[0].startsWith("-") ? `${name} ${rest[0]}` : name;
  try {
    // bin/ego-conformance.mjs asks before tsx loads; this is the same check for the CLI run from compiled JS
    const tempProblem = tempDirProblem();
    if (tempProblem !== undefined) throw new UsageError(tempProblem);
    if (!command) throw new UsageError(`unknown command '${name}' (commands: ${Object.keys(COMMANDS).join(", ")})`);
    return await command(rest);
  } catch (error) {
    process.stderr.write(errorParagraph(command ? shown : "help", error, { debug }));
    return 2;
  } finally {
    // nothing the command started outlives it (src/processes/groups.ts): what is left is ended, and said
    for (const line of describeGroupsEnd(await endGroups(), `'${shown}'`)) process.stderr.write(`${line}\n`);
  }
}
