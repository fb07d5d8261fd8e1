/**
 * The comparison of two recordings, call by call: what `verify-fake` judges and `diff` lists. What
 * the contract fixes is judged, the rest listed, never judged; docs/verified-fake.md says which is which.
 */
import type { Json } from "../contract/arguments.js";
import type { RecordedCall } from "../probe/call-recorder.js";
import type { Transcript, TranscriptClause, TranscriptTest } from "./transcript.js";

export type DifferenceKind = "clause" | "verdict" | "open-detail" | "test" | "calls" | "channel" | "failed" | "error-code" | "field" | "concurrent-id" | "text" | "shape" | "args" | "attempts";

export interface Difference {
  clause: string;
  /** the test's title, where the clause has several (variants) */
  test?: string;
  /** `#3 listTabs` (the call's place in its test), absent for a clause-level difference */
  call?: string;
  kind: DifferenceKind;
  /** a documented field's path */
  path?: string;
  a: Json;
  b: Json;
  judged: boolean;
}

const JUDGED: ReadonlySet<DifferenceKind> = new Set(["verdict", "test", "calls", "channel", "failed", "error-code", "field"]);

/**
 * A clause the two runs could not both judge: not applicable for a reason that is not the build's
 * (a capability of the target, `needs:operator`; a run option, `slow`), where only a build's
 * features and version (`feature:...`, `version`) say something of the build.
 */
function comparable(clause: TranscriptClause): boolean {
  const key = clause.notApplicable;
  return key === undefined || key === "version" || key.startsWith("feature:");
}

const SPACE_PLACEHOLDER = /^<space:\d+>$/;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function fieldDiffs(a: Record<string, Json>, b: Record<string, Json>): { path: string; a: Json; b: Json }[] {
  const paths = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return paths.filter((p) => !same(a[p], b[p])).map((p) => ({ path: p, a: a[p] ?? null, b: b[p] ?? null }));
}

function callDiffs(x: RecordedCall, y: RecordedCall): Omit<Difference, "clause" | "judged">[] {
  const out: Omit<Difference, "clause" | "judged">[] = [];
  if (x.channel !== y.channel) out.push({ kind: "channel", a: x.channel, b: y.channel });
  if (x.failed !== y.failed) out.push({ kind: "failed", a: x.failed, b: y.failed });
  if ((x.errorCode ?? null) !== (y.errorCode ?? null)) out.push({ kind: "error-code", a: x.errorCode ?? null, b: y.errorCode ?? null });
  // calls made side by side (Promise.all) are answered in an order no build promises: which of them got which id is not judged
  const concurrent = x.concurrent === true || y.concurrent === true;
  for (const d of fieldDiffs(x.fields, y.fields)) {
    if (d.path === "error_code" && out.some((o) => o.kind === "error-code")) continue;
    const idOrder = concurrent && typeof d.a === "string" && typeof d.b === "string" && SPACE_PLACEHOLDER.test(d.a) && SPACE_PLACEHOLDER.test(d.b);
    out.push({ kind: idOrder ? "concurrent-id" : "field", ...d });
  }
  for (const d of fieldDiffs(x.text, y.text)) out.push({ kind: "text", ...d });
  if (!same(x.shape, y.shape)) out.push({ kind: "shape", a: x.shape, b: y.shape });
  if (!same(x.args, y.args)) out.push({ kind: "args", a: x.args, b: y.args });
  // how many attempts a poll took is the page's time, not the build's answer: listed, never judged
  if ((x.attempts ?? 1) !== (y.attempts ?? 1)) out.push({ kind: "attempts", a: x.attempts ?? 1, b: y.attempts ?? 1 });
  return out;
}

/**
 * `b`'s calls with each side-by-side run (consecutive calls of one method, one of them marked
 * `concurrent` on either side) put in the order of `a`'s same run, matched by arguments; a run
 * whose arguments do not match one to one stays as it was.
 */
export function pairConcurrent(a: readonly RecordedCall[], b: readonly RecordedCall[]): RecordedCall[] {
  const out = [...b];
  let i = 0;
  while (i < Math.min(a.length, b.length)) {
    let j = i + 1;
    while (j < Math.min(a.length, b.length) && a[j]!.method === a[i]!.method && b[j]!.method === a[i]!.method) j++;
    const runA = a.slice(i, j);
    const runB = b.slice(i, j);
    if (j - i > 1 && [...runA, ...runB].some((c) => c.concurrent) && runB.every((c) => c.method === a[i]!.method)) {
      const left = [...runB];
      const ordered = runA.map((x) => {
        const k = left.findIndex((y) => same(y.args, x.args));
        return k < 0 ? undefined : left.splice(k, 1)[0];
      });
      if (ordered.every((c) => c !== undefined)) out.splice(i, j - i, ...(ordered as RecordedCall[]));
    }
    i = j;
  }
  return out;
}

function testDiffs(clause: string, test: string | undefined, a: TranscriptTest, b: TranscriptTest): Difference[] {
  const out: Difference[] = [];
  const push = (d: Omit<Difference, "clause" | "judged">) => out.push({ clause, ...(test !== undefined ? { test } : {}), ...d, judged: JUDGED.has(d.kind) });
  if (a.verdict !== b.verdict) push({ kind: "verdict", a: a.verdict, b: b.verdict });
  if (!a.recorded || !b.recorded) return out;
  const bCalls = pairConcurrent(a.calls, b.calls);
  const n = Math.max(a.calls.length, bCalls.length);
  for (let i = 0; i < n; i++) {
    const x = a.calls[i];
    const y = bCalls[i];
    if (!x || !y || x.method !== y.method) {
      push({ kind: "calls", call: `#${i + 1} ${x?.method ?? y?.method}`, a: a.calls.slice(i).map((c) => c.method), b: bCalls.slice(i).map((c) => c.method) });
      break;
    }
    for (const d of callDiffs(x, y)) push({ call: `#${i + 1} ${x.method}`, ...d });
  }
  return out;
}

function clauseDiffs(a: TranscriptClause, b: TranscriptClause): Difference[] {
  const out: Difference[] = [];
  if (a.verdict !== b.verdict) out.push({ clause: a.id, kind: "verdict", a: a.verdict, b: b.verdict, judged: true });
  if ((a.openDetail ?? null) !== (b.openDetail ?? null)) out.push({ clause: a.id, kind: "open-detail", a: a.openDetail ?? null, b: b.openDetail ?? null, judged: false });
  const several = Math.max(a.tests.length, b.tests.length) > 1;
  const names = [...new Set([...a.tests.map((t) => t.name), ...b.tests.map((t) => t.name)])].sort();
  for (const name of names) {
    const x = a.tests.find((t) => t.name === name);
    const y = b.tests.find((t) => t.name === name);
    if (!x || !y) {
      out.push({ clause: a.id, test: name, kind: "test", a: x ? x.verdict : null, b: y ? y.verdict : null, judged: true });
      continue;
    }
    // a clause's own verdict difference already says what one test's would
    out.push(...testDiffs(a.id, several ? name : undefined, x, y).filter((d) => several || d.kind !== "verdict"));
  }
  return out;
}

export interface Comparison {
  differences: Difference[];
  /** clauses left out: not in both recordings, or not applicable for want of a capability of a target */
  skipped: string[];
  /** clauses compared */
  compared: number;
}

/** Every difference between recording `a` and recording `b`, clause by clause in `a`'s order. */
export function compareTranscripts(a: Transcript, b: Transcript, options: { onlyBoth?: boolean } = {}): Comparison {
  const byId = new Map(b.clauses.map((c) => [c.id, c]));
  const differences: Difference[] = [];
  const skipped: string[] = [];
  let compared = 0;
  for (const x of a.clauses) {
    const y = byId.get(x.id);
    if (!y) {
      if (options.onlyBoth) skipped.push(x.id);
      else differences.push({ clause: x.id, kind: "clause", a: x.verdict, b: null, judged: false });
      continue;
    }
    if (!comparable(x) || !comparable(y)) {
      skipped.push(x.id);
      continue;
    }
    compared++;
    differences.push(...clauseDiffs(x, y));
  }
  const inA = new Set(a.clauses.map((c) => c.id));
  for (const y of b.clauses) {
    if (inA.has(y.id)) continue;
    if (options.onlyBoth) skipped.push(y.id);
    else differences.push({ clause: y.id, kind: "clause", a: null, b: y.verdict, judged: false });
  }
  return { differences, skipped, compared };
}
