/**
 * What an `ego-browser` process's output says, read without trusting anything else on it: the result
 * between nonce marker lines, the launcher's exit quirk (research 3.2), and a launcher that predates
 * --sdk-path.
 */
import { randomBytes } from "node:crypto";
import { namedError } from "../../errors/named-error.js";

export const newNonce = () => randomBytes(12).toString("hex");

export const beginMarker = (nonce: string) => `===EGO-CONFORMANCE ${nonce} BEGIN===`;
export const endMarker = (nonce: string) => `===EGO-CONFORMANCE ${nonce} END===`;

/** What a script prints around a framed value (the BEGIN marker gets its own line even after output without a newline). */
export function frameParts(nonce: string): { prefix: string; suffix: string } {
  return { prefix: `\n${beginMarker(nonce)}\n`, suffix: `\n${endMarker(nonce)}\n` };
}

export function framed(nonce: string, json: string): string {
  const { prefix, suffix } = frameParts(nonce);
  return `${prefix}${json}${suffix}`;
}

export class FramingError extends namedError("FramingError") {}

/**
 * Keeps the last frame of a nonce as output arrives, whatever follows it: the tail a process keeps
 * of its stdout (cli-process.ts) loses a frame that a noisy launcher buries under more output
 * after the script printed its result. From the last BEGIN marker to the first END marker after
 * it, at most `max` characters (a longer frame is dropped; the tail is read then).
 */
export class FrameCatcher {
  private readonly begin: string;
  private readonly end: string;
  private carry = "";
  private frame: string | undefined;
  private closed = false;

  constructor(nonce: string, private readonly max: number) {
    this.begin = beginMarker(nonce);
    this.end = endMarker(nonce);
  }

  push(text: string): void {
    // a marker split across chunks is found: the last characters of the previous chunk come first
    const data = this.carry + text;
    const at = data.lastIndexOf(this.begin);
    if (at !== -1) {
      this.frame = data.slice(at);
      this.closed = false;
    } else if (this.frame !== undefined && !this.closed) {
      this.frame += text;
    }
    if (this.frame !== undefined && !this.closed) {
      const endAt = this.frame.indexOf(this.end, this.begin.length);
      if (endAt !== -1) {
        this.frame = this.frame.slice(0, endAt + this.end.length);
        this.closed = true;
      } else if (this.frame.length > this.max) {
        this.frame = undefined;
      }
    }
    this.carry = data.slice(-(this.begin.length - 1));
  }

  /** the frame caught (closed or still open), or "" */
  text(): string {
    return this.frame ?? "";
  }
}

/** The last framed value on stdout; undefined when there is none; FramingError when it is not JSON. */
export function readFramed(stdout: string, nonce: string): unknown {
  const begin = beginMarker(nonce);
  const start = stdout.lastIndexOf(begin);
  if (start === -1) return undefined;
  const end = stdout.indexOf(endMarker(nonce), start + begin.length);
  if (end === -1) throw new FramingError("the result frame was opened but never closed (output cut short?)");
  const body = stdout.slice(start + begin.length, end).trim();
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new FramingError(`the framed result is not JSON: ${body.slice(0, 200)}`);
  }
}

const QUIRK = /ego's nodejs process exited with code (-?\d+)/;

/** N of `ego's nodejs process exited with code N` (the last one), if the launcher printed it. */
export function quirkExitCode(output: string): number | undefined {
  const all = [...output.matchAll(new RegExp(QUIRK.source, "g"))];
  const last = all[all.length - 1];
  return last ? Number(last[1]) : undefined;
}

/** Whether the output says the launcher does not know --sdk-path. */
export function rejectsSdkPath(output: string): boolean {
  return /(unknown|unrecognized|unrecognised) option\W+.*sdk-path/i.test(output);
}

/** The last `max` characters of a stream, for error messages. */
export function tail(text: string, max = 2000): string {
  const trimmed = text.trimEnd();
  return trimmed.length <= max ? trimmed : `...${trimmed.slice(-max)}`;
}
