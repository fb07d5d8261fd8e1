/**
 * One cause, said once: when most clauses that ran end badly for the same reason (the CLI exits, a
 * method is missing), the summary names it once with the target's stderr instead of hiding it in a
 * list of identical lines.
 */
import { FAILING, type ResultOutcome } from "../outcomes/statuses.js";

export interface CommonCause {
  /** the first line of the first clause's message */
  message: string;
  /** the outcomes the clauses with this cause ended with */
  outcomes: ResultOutcome[];
  /** the clauses that ended with it, in catalogue order */
  clauses: string[];
  /** how many selected clauses ran (not not-applicable) */
  ran: number;
  /** the first lines of the target's stderr from one of those results, if any carries it */
  stderr?: string[];
  /**
   * what actually went wrong, when the first line does not say it: the first error line of the
   * target's stderr or of the message's later lines (`TypeError: runMain is not a function`)
   */
  mechanism?: string;
}

export interface CauseInput {
  id: string;
  status: ResultOutcome;
  messages?: string[];
  diagnostics?: string;
}

/** At least this many clauses, and more than half of those that ran. */
export const COMMON_CAUSE_MIN_CLAUSES = 3;
export const STDERR_LINES = 5;
/** Messages are compared on their first line up to this many characters (what a terminal line shows). */
export const COMPARED_CHARS = 120;

export function firstMessageLine(message: string | undefined): string | undefined {
  return message?.split(/\r?\n/).find((l) => l.trim() !== "")?.trim();
}

/**
 * The part of a message that is the same for every clause with the same cause: its first
 * COMPARED_CHARS characters, with the run's space names (which name the run and the clause) and
 * numbers (space ids, counts) blanked out.
 */
export function messageKey(line: string): string {
  return line
    .replace(/ego-conformance [a-z0-9-]+ [^\s'"`]+(?: [^\s'"`]+)?/g, "ego-conformance <space>")
    .replace(/\d+/g, "#")
    .slice(0, COMPARED_CHARS);
}

/** The messages of some clauses, grouped by `messageKey`, largest group first (ties: first seen). */
export function groupByMessage<T extends CauseInput>(clauses: readonly T[], keyOf: (line: string) => string = messageKey): { message: string; clauses: T[] }[] {
  const groups = new Map<string, { message: string; clauses: T[] }>();
  for (const c of clauses) {
    const line = firstMessageLine(c.messages?.[0]) ?? "";
    const key = keyOf(line);
    const group = groups.get(key) ?? { message: line, clauses: [] };
    group.clauses.push(c);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.clauses.length - a.clauses.length);
}

export function commonCause(clauses: readonly CauseInput[]): CommonCause | undefined {
  const ran = clauses.filter((c) => c.status !== "not-applicable").length;
  const failing = clauses.filter((c) => FAILING.has(c.status) && firstMessageLine(c.messages?.[0]) !== undefined);
  const [largest] = groupByMessage(failing);
  if (largest === undefined || largest.clauses.length < COMMON_CAUSE_MIN_CLAUSES || largest.clauses.length * 2 <= ran) return undefined;
  const cause: CommonCause = {
    message: largest.message,
    outcomes: [...new Set(largest.clauses.map((c) => c.status))],
    clauses: largest.clauses.map((c) => c.id),
    ran,
  };
  // the target diagnostics attachment, else the stderr a message quotes (a CLI that never reached the loop)
  const diagnostics = largest.clauses.find((c) => c.diagnostics !== undefined && c.diagnostics.trim() !== "")?.diagnostics;
  const quoted = largest.clauses.map((c) => stderrQuotedIn(c.messages?.[0] ?? "")).find((l) => l.length > 0);
  const stderr = diagnostics !== undefined ? diagnostics.split(/\r?\n/).filter((l) => l.trim() !== "") : quoted;
  if (stderr !== undefined && stderr.length > 0) cause.stderr = stderr.slice(0, STDERR_LINES);
  const first = largest.clauses[0]?.messages?.[0] ?? "";
  const laterLines = first.split(/\r?\n/).slice(first.split(/\r?\n/).findIndex((l) => l.trim() !== "") + 1);
  const mechanism = mechanismIn([...(stderr ?? []), ...laterLines]);
  if (mechanism !== undefined && !largest.message.includes(mechanism)) cause.mechanism = mechanism;
  return cause;
}

/** An error line: `TypeError: …`, `SomeException: …`, `error: …` (from the error's name to the line's end). */
const ERROR_LINE = /\b(?:[A-Z][A-Za-z]*(?:Error|Exception)|[Ee]rror|ERR_[A-Z_]+)\b:\s*\S.*$/;

/** The first error line among some lines, from the error's name on (see ERROR_LINE). */
export function mechanismIn(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    const match = ERROR_LINE.exec(line.trim());
    if (match !== null) return match[0].trim();
  }
  return undefined;
}

/** The cause as one complete sentence: the shared message (no dangling colon), then the mechanism. */
export function causeSentence(cause: CommonCause, maxMessage = Number.POSITIVE_INFINITY): string {
  let message = cause.message.replace(/[\s:;,]+$/, "");
  if (message.length > maxMessage) message = `${message.slice(0, maxMessage - 1)}…`;
  const stop = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);
  const head = `${cause.clauses.length} of the ${cause.ran} clauses that ran ended ${cause.outcomes.join(" or ")} with the same message: ${stop(message)}`;
  return cause.mechanism !== undefined ? `${head} The mechanism: ${stop(cause.mechanism)}` : head;
}

/** The lines after a `stderr:` line of a message (up to a `stdout:` line), as the CLI target quotes a process's output. */
export function stderrQuotedIn(message: string): string[] {
  const lines = message.split(/\r?\n/);
  const at = lines.findIndex((l) => /^\s*stderr:/.test(l));
  if (at < 0) return [];
  const out = [lines[at]!.replace(/^\s*stderr:\s*/, "")];
  for (const line of lines.slice(at + 1)) {
    if (/^\s*stdout:/.test(line)) break;
    out.push(line);
  }
  return out.filter((l) => l.trim() !== "");
}

export function describeCause(cause: CommonCause): string {
  const stderr = cause.stderr?.length ? `; the target's stderr begins: ${cause.stderr.join(" | ")}` : "";
  return `one cause: ${causeSentence(cause).replace(" The mechanism: ", " the mechanism: ")}${stderr}`;
}
