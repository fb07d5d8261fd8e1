/** Strict flag parsing for every command: an unknown or malformed flag is a usage error (exit 2). */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./usage-error.js";

export function parseFlags<O extends NonNullable<ParseArgsConfig["options"]>>(argv: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals, options });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
