/**
 * The expectations file: known failures as data, outside the suites (WPT metadata, Puppeteer's
 * TestExpectations). zod checks the structure; ./lint checks the values, and the loader runs both, so
 * a file the runner accepts is one lint finds no invalid value in.
 */
import { z } from "zod";

export const EXPECTED_OUTCOMES = ["failed", "broken", "skipped"] as const;
export const ExpectedOutcome = z.enum(EXPECTED_OUTCOMES);
export type ExpectedOutcome = z.infer<typeof ExpectedOutcome>;

export const TARGET_KINDS = ["fake", "installed"] as const;

export const PLATFORMS = ["aix", "android", "darwin", "freebsd", "haiku", "linux", "openbsd", "sunos", "win32", "cygwin", "netbsd"] as const satisfies readonly NodeJS.Platform[];

/** Owner of an entry written by `run --update-expectations --write`, until a human takes it. */
export const UNASSIGNED_OWNER = "unassigned";
/** Bug of an entry written by `run --update-expectations --write`, until a human files one. */
export const TODO_BUG = "TODO";

export const ConditionsSchema = z
  .object({
    /** an Ego Lite range (src/version): the entry holds only for a run whose version satisfies it */
    egoVersion: z.string().min(1).optional(),
    target: z.enum(TARGET_KINDS).optional(),
    platform: z.enum(PLATFORMS).optional(),
    /** the fake persona of the run */
    persona: z.string().min(1).optional(),
  })
  .strict();
export type Conditions = z.infer<typeof ConditionsSchema>;

export const EntrySchema = z
  .object({
    clause: z.string().min(1),
    when: ConditionsSchema.optional(),
    expected: z.array(ExpectedOutcome).min(1),
    message: z.string().min(1).optional(),
    reason: z.string().min(1),
    bug: z.string().min(1),
    owner: z.string().min(1),
    expires: z.string(),
    /** set on entries written by `run --update-expectations --write`: what wrote it and when */
    generated: z.string().optional(),
  })
  .strict();
export type ExpectationEntry = z.infer<typeof EntrySchema>;

export const ExpectationsFileSchema = z
  .object({
    $comment: z.string().optional(),
    entries: z.array(EntrySchema),
  })
  .strict();
export type ExpectationsFile = z.infer<typeof ExpectationsFileSchema>;

/** An entry with its position in the file (0-based), for messages that name it. */
export interface IndexedEntry {
  index: number;
  entry: ExpectationEntry;
}

export function describeEntry({ index, entry }: IndexedEntry): string {
  return `entry #${index + 1} (${entry.clause}${entry.when ? ` when ${JSON.stringify(entry.when)}` : ""})`;
}
