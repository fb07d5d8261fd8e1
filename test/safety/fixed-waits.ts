/**
 * Fixed waits in test code: a test waits for a condition with a bound, never for a
 * fixed time. This finds the sleeps (`new Promise((r) => setTimeout(r, ms))`, `sleep(ms)`,
 * `p.sleep(ms)`, `page.waitForTimeout(ms)`, `await setTimeout(ms)` of node:timers/promises) whose
 * length is over the limit or not a number literal. Such a wait is allowed only where a test must
 * prove that nothing happens, or where the sleep is itself what is tested: a `window:` comment on
 * its line or in the comment lines right above it says why the window is long enough (or why it
 * is no wait). A setTimeout that rejects or kills is a bound, not a wait.
 */
export const FIXED_WAIT_LIMIT_MS = 100;

export interface FixedWait {
  line: number;
  text: string;
  /** the wait's length when it is a number literal, else null */
  ms: number | null;
}

const SLEEPS = [
  /setTimeout\(\s*(?:r|res|resolve|done)\w*\s*,\s*([^)]*?)\s*\)/g, // a promise resolved by a timer
  /\bsleep\(\s*([^)]*?)\s*\)/g,
  /\bwaitForTimeout\(\s*([^)]*?)\s*\)/g,
  /await\s+(?:setTimeout|delay)\(\s*([^,)]*?)\s*\)/g, // node:timers/promises
];

function literalMs(expr: string): number | null {
  return /^\d[\d_]*$/.test(expr) ? Number(expr.replace(/_/g, "")) : null;
}

/** The comment lines right above line `i` (0-based), nearest first. */
function commentAbove(lines: string[], i: number): string[] {
  const above: string[] = [];
  for (let j = i - 1; j >= 0 && /^\s*\/\//.test(lines[j]!); j--) above.push(lines[j]!);
  return above;
}

/** Every sleep in `text` longer than the limit, or of a length that is not a literal, without a `window:` comment. */
export function unjustifiedFixedWaits(text: string, limitMs = FIXED_WAIT_LIMIT_MS): FixedWait[] {
  const lines = text.split("\n");
  const found: FixedWait[] = [];
  lines.forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, "");
    if (/^\s*\*/.test(line)) return; // a doc comment line
    for (const pattern of SLEEPS) {
      for (const m of code.matchAll(pattern)) {
        const expr = m[1]!;
        if (expr === "") continue; // a sleep declared, not called
        const ms = literalMs(expr);
        if (ms !== null && ms <= limitMs) continue;
        const justified = [line, ...commentAbove(lines, i)].some((l) => /\/\/.*\bwindow:/.test(l));
        if (!justified) found.push({ line: i + 1, text: line.trim(), ms });
      }
    }
  });
  return found;
}
