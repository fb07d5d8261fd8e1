/**
 * What the CLI says when a command cannot go on (exit 2): one paragraph that names the command and
 * the input, zod errors made readable, no stack trace unless `--debug`, and a pointer to
 * `ego-conformance help <command>` instead of the whole usage.
 */
import { z } from "zod";
import { isBadInputError } from "../errors/named-error.js";
import { printableLines } from "../text/printable.js";
import { failedStepOf } from "../run/steps.js";

/** Whether an error is the user's bad input, said by its message alone: a zod error, or one whose kind says so (src/errors/named-error.ts). */
export function isBadInput(error: unknown): boolean {
  return error instanceof z.ZodError || isBadInputError(error);
}

/** A zod error as lines `path.inside: message`, one per issue. */
export function readableZodError(error: z.ZodError, source?: string): string {
  const lines = error.issues.map((issue) => `${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`);
  return `${source ? `${source} ` : ""}does not have the expected shape:\n  ${lines.join("\n  ")}`;
}

/** What the generic failure is called, per command, and the step it came from when it came from one (src/run/steps.ts). */
function whatFailed(command: string, error: unknown): string {
  const failed = command === "run" ? "the run could not be made" : `'${command}' could not be completed`;
  const step = failedStepOf(error);
  if (step === undefined) return failed;
  return `${failed} in ${step.teardown ? "the teardown of " : ""}step '${step.title}'`;
}

/** The paragraph for an error that ended `command` (e.g. "run", "fake start"). */
export function errorParagraph(command: string, error: unknown, options: { debug: boolean }): string {
  const topic = command.split(" ")[0] || "help";
  // a command that does not exist is said under "help": the pointer is to the list of commands
  const help = topic === "help" ? "see `ego-conformance help`" : `see \`ego-conformance help ${topic}\``;
  let body: string;
  if (error instanceof z.ZodError) body = readableZodError(error);
  else if (isBadInput(error)) body = (error as Error).message;
  else body = `${whatFailed(command, error)}: ${error instanceof Error ? error.message : String(error)}`;
  const stack = options.debug && error instanceof Error && error.stack ? `\n${error.stack}` : "";
  const debugHint = !options.debug && !isBadInput(error) ? " (--debug shows where it failed)" : "";
  // a message may quote a build's answer or a file's content: its lines stay, its controls are shown
  return `ego-conformance ${printableLines(command)}: ${printableLines(body.trimEnd())}\n${help}${debugHint}${stack}\n`;
}
