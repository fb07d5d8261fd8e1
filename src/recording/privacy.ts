/**
 * The privacy filter of a recording, a safety rule: a transcript never holds anything from a space
 * the run did not create, at most counts and ids. Applied to a clause's calls before they leave the
 * worker (docs/verified-fake.md).
 */
import type { Json } from "../contract/arguments.js";
import type { RecordedCall } from "../probe/call-recorder.js";
import type { FieldValues } from "../probe/call-fields.js";
import { mapStrings } from "./walk.js";
import { clausePrefix, runPrefix } from "../space-names/space-names.js";

export const NOT_THE_RUNS = "<not the run's>";
const OWN_URL = /^(https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/|about:|data:|chrome:)/;
const SPACE_ENTRY = /^taskSpaces\[(\d+)\]\.(.+)$/;
const SPACE_RESULT_METHODS = new Set(["createTaskSpace", "claimTaskSpace"]);

/** Whether a space's name is `prefix` or starts with it, then a space. */
function ownName(name: Json | undefined, prefix: string): boolean {
  return typeof name === "string" && (name === prefix || name.startsWith(`${prefix} `));
}

/** What of a space not the run's is scrubbed from the rest: its name and its tabs' titles (a profile id is no one's secret). */
const SCRUBBED_KEY = /^(name|taskId|recentTabTitles\[\d+\])$/;
const TAB_TITLE_KEY = /^recentTabTitles\[\d+\]$/;

/**
 * Whether a tab's title is one of the run's own URLs (`about:blank`: the title of a blank tab, and
 * of a tab still loading, which Chromium lists with no URL yet). Such a title hides nothing, and
 * scrubbing it from the rest would hide the run's own tabs.
 */
function ownTitle(title: string): boolean {
  return OWN_URL.test(title);
}

interface Owners {
  run: string;
  clause: string;
}

/** A listing's entries: the run's renumbered from 0, the others counted and their strings kept for scrubbing. */
function filterListing(call: RecordedCall, owners: Owners, scrub: Set<string>): void {
  const entries = new Map<number, { fields: FieldValues; text: FieldValues }>();
  const of = (i: number) => entries.get(i) ?? (entries.set(i, { fields: {}, text: {} }), entries.get(i)!);
  for (const part of ["fields", "text"] as const) {
    for (const [path, value] of Object.entries(call[part])) {
      const m = SPACE_ENTRY.exec(path);
      if (!m) continue;
      of(Number(m[1]))[part][m[2]!] = value;
      delete call[part][path];
    }
  }
  let own = 0;
  let others = 0;
  let otherClauses = 0;
  for (const [, entry] of [...entries].sort((a, b) => a[0] - b[0])) {
    const name = entry.text.name ?? entry.text.taskId;
    if (!ownName(name, owners.run)) {
      others++;
      for (const [k, v] of Object.entries(entry.text)) if (typeof v === "string" && SCRUBBED_KEY.test(k) && !(TAB_TITLE_KEY.test(k) && ownTitle(v))) scrub.add(v);
      continue;
    }
    if (!ownName(name, owners.clause)) {
      otherClauses++;
      continue;
    }
    for (const part of ["fields", "text"] as const) for (const [k, v] of Object.entries(entry[part])) call[part][`taskSpaces[${own}].${k}`] = v;
    own++;
  }
  if (entries.size) Object.assign(call.text, { otherSpaces: others, otherClauseSpaces: otherClauses });
}

function filterCall(call: RecordedCall, owners: Owners, scrub: Set<string>): void {
  const run = owners.run;
  if (call.method === "listTaskSpaces") filterListing(call, owners, scrub);
  if (SPACE_RESULT_METHODS.has(call.method) && !call.failed && !ownName(call.text.name ?? call.text.taskId, run)) {
    for (const key of ["name", "taskId"]) {
      const v = call.text[key];
      if (typeof v === "string") scrub.add(v);
      if (v !== undefined) call.text[key] = NOT_THE_RUNS;
    }
  }
  for (const [path, value] of Object.entries(call.text)) {
    if (/(^|\.)url$/.test(path) && typeof value === "string" && !OWN_URL.test(value)) {
      scrub.add(value);
      call.text[path] = NOT_THE_RUNS;
      const title = path.replace(/url$/, "title");
      if (typeof call.text[title] === "string") {
        if (!ownTitle(call.text[title] as string)) scrub.add(call.text[title] as string);
        call.text[title] = NOT_THE_RUNS;
      }
    }
    if (/(^|\.)profileName$/.test(path) || /^profiles\[\d+\]\.name$/.test(path)) call.text[path] = "<profile>";
    if (/recentTabTitles\[\d+\]$/.test(path) && !ownName(call.text[path.replace(/recentTabTitles\[\d+\]$/, "name")], run)) call.text[path] = NOT_THE_RUNS;
  }
}

function scrubbed(text: string, scrub: readonly string[]): string {
  let out = text;
  for (const s of scrub) if (out.includes(s)) out = out.split(s).join(NOT_THE_RUNS);
  return out;
}

/** A clause's calls with nothing of a space the run did not create (in place, and returned). */
export function privateCalls(calls: RecordedCall[], runId: string, clauseId: string): RecordedCall[] {
  const run = runPrefix(runId);
  const scrub = new Set<string>();
  for (const call of calls) filterCall(call, { run, clause: clausePrefix(runId, clauseId) }, scrub);
  // the shortest strings are too common to scrub without wrecking the rest ("", "a")
  const list = [...scrub].filter((s) => s.length >= 3 && s !== NOT_THE_RUNS && !s.startsWith(run)).sort((a, b) => b.length - a.length);
  if (!list.length) return calls;
  const fn = (text: string): Json => scrubbed(text, list);
  for (const call of calls) {
    call.args = call.args.map((a) => mapStrings(a, fn));
    call.text = mapStrings(call.text, fn) as FieldValues;
    call.fields = mapStrings(call.fields, fn) as FieldValues;
  }
  return calls;
}
