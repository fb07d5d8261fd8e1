/**
 * Normalisation of a recording: what differs between two recordings of the same build (ids, run-id
 * names, times, the fixture server's URLs) becomes placeholders numbered per clause, and nothing else
 * (docs/verified-fake.md lists them).
 */
import type { Json } from "../contract/arguments.js";
import { replaceIdsInTexts } from "../contract/id-texts.js";
import { METHODS, type MethodName } from "../contract/methods.js";
import type { RecordedCall } from "../probe/call-recorder.js";
import type { FieldValues } from "../probe/call-fields.js";
import { leaves, mapStrings } from "./walk.js";

const FIXTURE_ORIGIN = /https?:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+/g;
const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z\b/g;
const QUOTED_ID = /"(\w*Id)":"([^"]+)"/g;
const SPACE_ID_PATH = /(^|\.)id$|^value$/;
const SPACE_ID_METHODS = new Set<string>(["createTaskSpace", "claimTaskSpace", "listTaskSpaces", "useTaskSpace"]);

class Placeholders {
  /** by the id's text: a build that gives string ids ("7") is told apart by the value's shape, not here */
  readonly spaces = new Map<string, string>();
  readonly strings = new Map<string, string>();
  private counts = new Map<string, number>();

  private next(kind: string): string {
    const n = (this.counts.get(kind) ?? 0) + 1;
    this.counts.set(kind, n);
    return `<${kind}:${n}>`;
  }

  private seen = new Set<string>();

  space(id: Json): void {
    if (typeof id === "number" || (typeof id === "string" && /^\d+$/.test(id))) this.seen.add(String(id));
  }

  /** Numbers the space ids seen, in the order of their values. */
  numberSpaces(): void {
    for (const id of [...this.seen].sort((a, b) => Number(a) - Number(b))) this.spaces.set(id, this.next("space"));
  }

  spaceOf(id: Json): Json {
    return typeof id === "number" || typeof id === "string" ? (this.spaces.get(String(id)) ?? id) : id;
  }

  readonly cdpIds = new Map<number, string>();

  cdpId(id: number): string {
    if (!this.cdpIds.has(id)) this.cdpIds.set(id, this.next("cdp"));
    return this.cdpIds.get(id)!;
  }

  string(kind: string, value: string): void {
    if (value.length > 0 && !this.strings.has(value) && !/^<.*>$/.test(value)) this.strings.set(value, this.next(kind));
  }

  stringOf(value: string): string {
    return this.strings.get(value) ?? value;
  }
}

function isIdParam(method: string, index: number): boolean {
  return METHODS[method as MethodName]?.params[index]?.name === "id";
}

/** A string id's key: a field or CDP key ending in `Id` (`taskId` is a display copy of the name, not an id). */
function isStringIdKey(key: string): boolean {
  return /Id$/.test(key) && key !== "taskId";
}

function keyOf(path: string): string {
  return path.replace(/^.*\./, "").replace(/\[\d+\]$/, "");
}

function collect(calls: readonly RecordedCall[], p: Placeholders): void {
  const inTexts = (v: Json) => mapStrings(v, (t) => replaceIdsInTexts(t, (id) => (p.space(id), id)));
  for (const call of calls) {
    call.args.forEach((a, i) => {
      if (isIdParam(call.method, i)) p.space(a);
      for (const [path, v] of leaves(a)) {
        if (typeof v !== "string") continue;
        if (isStringIdKey(keyOf(path))) p.string(keyOf(path), v);
        for (const m of v.matchAll(QUOTED_ID)) p.string(m[1]!, m[2]!);
      }
    });
    for (const part of [call.fields, call.text]) {
      for (const [path, v] of Object.entries(part)) {
        if (SPACE_ID_METHODS.has(call.method) && SPACE_ID_PATH.test(path)) p.space(v);
        else inTexts(v);
        if (typeof v === "string" && isStringIdKey(keyOf(path))) p.string(keyOf(path), v);
      }
    }
  }
}

/**
 * A string with its ids as placeholders where the format names them (the `<id>` of a documented
 * text, a `"...Id":"..."` key of a CDP message), and the run id, fixture origin and times.
 */
function normaliseText(text: string, runId: string, p: Placeholders): string {
  let out = text.split(runId).join("<run>").replace(FIXTURE_ORIGIN, "<fixture>").replace(ISO_TIME, "<time>");
  if (p.strings.size) out = out.replace(QUOTED_ID, (whole, key: string, value: string) => (p.strings.has(value) ? `"${key}":"${p.stringOf(value)}"` : whole));
  if (p.spaces.size) out = replaceIdsInTexts(out, (id) => p.spaces.get(id) ?? id);
  return out;
}

/** A value with its string ids (a key ending in `Id`, whole) and its texts normalised. */
function normaliseValue(value: Json, runId: string, p: Placeholders, key = ""): Json {
  if (typeof value === "string") return isStringIdKey(key) && p.strings.has(value) ? p.stringOf(value) : normaliseText(value, runId, p);
  if (Array.isArray(value)) return value.map((v) => normaliseValue(v, runId, p, key));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normaliseValue(v, runId, p, k)]));
  return value;
}

/**
 * A call's node ids as placeholders, by path: backendNodeIds per frame (the `frameId` beside the
 * id, a free string of the call's text), refIds per call; each in the order they first appear,
 * matched as a whole field's value only, never inside text (a short id is any number). A snapshot
 * numbers its refIds as it likes (unique within it: native-snapshot-ref-requirement.md, research
 * 1.5); whether a node keeps its ref across snapshots is a clause's to judge, not the comparison's.
 */
interface NodePlaceholders {
  /** by the field's path */
  readonly byPath: ReadonlyMap<string, string>;
  /** by the refId's value: the `[ref=N]` of the call's snapshot text */
  readonly byRef: ReadonlyMap<number, string>;
}

function nodePlaceholders(fields: FieldValues, text: FieldValues): NodePlaceholders {
  const byNode = new Map<string, string>();
  const byRef = new Map<number, string>();
  const out = new Map<string, string>();
  for (const [path, v] of Object.entries(fields)) {
    if (typeof v !== "number") continue;
    const key = path.replace(/^.*\./, "");
    if (key === "refId") {
      if (!byRef.has(v)) byRef.set(v, `<refId:${byRef.size + 1}>`);
      out.set(path, byRef.get(v)!);
      continue;
    }
    if (key !== "backendNodeId") continue;
    const framePath = path.replace(/backendNodeId$/, "frameId");
    const node = JSON.stringify([fields[framePath] ?? text[framePath] ?? null, v]);
    if (!byNode.has(node)) byNode.set(node, `<backendNodeId:${byNode.size + 1}>`);
    out.set(path, byNode.get(node)!);
  }
  return { byPath: out, byRef };
}

/** A snapshot's text prints its refs as `[ref=<refId>]`: the same placeholders as its refs. */
function refsInText(text: string, byRef: ReadonlyMap<number, string>): string {
  if (byRef.size === 0) return text;
  return text.replace(/\bref=(\d+)\b/g, (whole, n: string) => {
    const holder = byRef.get(Number(n));
    return holder === undefined ? whole : `ref=${holder}`;
  });
}

function normaliseFields(fields: FieldValues, method: string, runId: string, p: Placeholders, nodes: NodePlaceholders): FieldValues {
  const out: FieldValues = {};
  for (const [path, v] of Object.entries(fields)) {
    if (SPACE_ID_METHODS.has(method) && SPACE_ID_PATH.test(path)) out[path] = p.spaceOf(v);
    else if (nodes.byPath.has(path)) out[path] = nodes.byPath.get(path)!;
    else out[path] = mapStrings(normaliseValue(v, runId, p, keyOf(path)), (t) => refsInText(t, nodes.byRef));
  }
  return out;
}

/** A CDP message (JSON text) with its numeric `id` as its placeholder; any other value as it is. */
function cdpMessageWithIdHeld(message: Json, p: Placeholders): Json {
  if (typeof message !== "string") return message;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return message;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed) || typeof (parsed as { id?: unknown }).id !== "number") return message;
  return JSON.stringify({ ...(parsed as object), id: p.cdpId((parsed as { id: number }).id) });
}

/** A clause's calls with ids, run names, times and fixture URLs as placeholders (in place, and returned). */
export function normaliseCalls(calls: RecordedCall[], runId: string): RecordedCall[] {
  const p = new Placeholders();
  collect(calls, p);
  p.numberSpaces();
  for (const call of calls) {
    // an id argument that is no space's id (a clause passing a name where the id goes) is text
    call.args = call.args.map((a, i) => {
      const space = isIdParam(call.method, i) ? p.spaceOf(a) : a;
      return space !== a ? space : normaliseValue(call.method === "sendCDPMessage" && i === 0 ? cdpMessageWithIdHeld(a, p) : a, runId, p);
    });
    const nodes = nodePlaceholders(call.fields, call.text);
    if (call.method === "sendCDPMessage" && typeof call.fields.id === "number") call.fields = { ...call.fields, id: p.cdpId(call.fields.id) };
    call.fields = normaliseFields(call.fields, call.method, runId, p, nodes);
    call.text = normaliseFields(call.text, call.method, runId, p, nodes);
  }
  return calls;
}

/** A test's title or any other text of the run, with its run id and fixture origin as placeholders. */
export function normaliseRunText(text: string, runId: string): string {
  return text.split(runId).join("<run>").replace(FIXTURE_ORIGIN, "<fixture>").replace(ISO_TIME, "<time>");
}
