/** `--pages chromium|model` (run and matrix): where the fake's pages come from. */
import { UsageError } from "./usage-error.js";

export type PagesFlag = "chromium" | "model";

/** The flag's value, undefined when it was not given; anything else is a usage error. */
export function parsePagesFlag(value: string | undefined): PagesFlag | undefined {
  if (value === undefined || value === "chromium" || value === "model") return value;
  throw new UsageError(`--pages must be chromium or model, not '${value}'`);
}
