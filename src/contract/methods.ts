/**
 * The method catalogue of `globalThis.ego` (native-bindings-api.md), as data: the fake validates
 * calls against its parameter lists, the argument clauses derive from them, the report names from it.
 */
import { special, type Arg } from "./arguments.js";
import type { Feature } from "./features.js";

export type ParamType = "number" | "string" | "object";

export interface ParamSpec {
  name: string;
  type: ParamType;
  optional?: boolean;
  /** a string that must be non-empty (createTaskSpace name) */
  nonEmpty?: boolean;
  /** a valid value, used to fill the other parameters of a case that breaks this one */
  example: Arg;
}

/** How a documented argument rule stands in the doc: stated ("documented") or not ("unspecified"). */
export type RuleStatus = "documented" | "unspecified";

export interface ValidationSpec {
  /** a required parameter left out */
  missing: RuleStatus;
  /** a parameter of the wrong type */
  wrongType: RuleStatus;
  /** more arguments than parameters ("extra arguments", "any argument" for zero-parameter methods) */
  extra: RuleStatus;
}

/** How a method reports EGO_TASK_SPACE_USER_IN_CONTROL (native-bindings-api.md, runtime model). */
export type UserControlChannel = "resolves-error" | "rejects" | "callback" | "unlisted";

export interface MethodSpec {
  name: MethodName;
  /** sync: returns its value directly (useTaskSpace, sendCDPMessage); async: returns a Promise */
  kind: "sync" | "async";
  params: ParamSpec[];
  validation: ValidationSpec;
  /** acts on the task selected with useTaskSpace() in this invocation */
  taskScoped: boolean;
  userControl: UserControlChannel;
  /** the documented success status string, with `<id>` for the numeric task-space id */
  status?: string;
  /** features the build needs for this method to exist */
  features: Feature[];
  doc: { section: string; anchor: string };
}

export const METHOD_NAMES = [
  "getBrowserVersion",
  "useTaskSpace",
  "listProfiles",
  "createTab",
  "listTabs",
  "snapshot",
  "listTaskSpaces",
  "createTaskSpace",
  "claimTaskSpace",
  "closeTaskSpace",
  "completeTaskSpace",
  "handOffTaskSpace",
  "takeOverTaskSpace",
  "setAgentTaskState",
  "animationHighlightMouseToPosition",
  "sendCDPMessage",
] as const;
export type MethodName = (typeof METHOD_NAMES)[number];

/** Callback properties of the object (not methods). */
export const CALLBACK_PROPERTIES = ["onCDPMessage", "onSendCDPMessageError"] as const;

const none: ParamSpec[] = [];
const noArgsRule: ValidationSpec = { missing: "documented", wrongType: "documented", extra: "documented" };
const allUnspecified: ValidationSpec = { missing: "unspecified", wrongType: "unspecified", extra: "unspecified" };

/** A section of native-bindings-api.md and its anchor: GitHub's heading slug (lower case, spaces to hyphens). */
const docSection = (section: string): MethodSpec["doc"] => ({ section, anchor: section.toLowerCase().replaceAll(" ", "-") });

type MethodDraft = Omit<MethodSpec, "name">;

/**
 * A task-scoped async call that resolves the documented status string (`<id>` for the space's
 * id): the lifecycle and control calls and the task-state helpers. Argument rules as for no
 * arguments; no feature of its own.
 */
const statusCall = (status: string, userControl: UserControlChannel, section: string, params: ParamSpec[] = none): MethodDraft => ({
  kind: "async", params, validation: noArgsRule, taskScoped: true, userControl, status, features: [], doc: docSection(section),
});

/** The catalogue: each method's spec under its name, which it carries too. */
function named(drafts: Record<MethodName, MethodDraft>): Record<MethodName, MethodSpec> {
  return Object.fromEntries(Object.entries(drafts).map(([name, draft]) => [name, { name, ...draft }])) as Record<MethodName, MethodSpec>;
}

export const METHODS: Record<MethodName, MethodSpec> = named({
  getBrowserVersion: {
    kind: "async", params: none, validation: allUnspecified,
    taskScoped: false, userControl: "unlisted", features: ["browser-version"], doc: docSection("Browser Version"),
  },
  useTaskSpace: {
    kind: "sync", params: [{ name: "id", type: "number", example: special("ownSpaceId") }], validation: noArgsRule,
    taskScoped: false, userControl: "unlisted", features: ["numeric-ids"], doc: docSection("Task Context"),
  },
  listProfiles: {
    kind: "async", params: none, validation: noArgsRule,
    taskScoped: false, userControl: "unlisted", features: ["profiles"], doc: docSection("Profiles"),
  },
  createTab: {
    kind: "async", params: [{ name: "url", type: "string", example: "about:blank" }],
    validation: { missing: "documented", wrongType: "documented", extra: "unspecified" },
    taskScoped: true, userControl: "resolves-error", features: [], doc: docSection("Tabs"),
  },
  listTabs: {
    kind: "async", params: none, validation: allUnspecified,
    taskScoped: true, userControl: "resolves-error", features: [], doc: docSection("Tabs"),
  },
  snapshot: {
    kind: "async", params: [{ name: "options", type: "object", optional: true, example: {} }],
    validation: allUnspecified, taskScoped: true, userControl: "rejects", features: [], doc: docSection("Snapshot"),
  },
  listTaskSpaces: {
    kind: "async", params: none, validation: noArgsRule,
    taskScoped: false, userControl: "unlisted", features: ["task-space-listing-v2"], doc: docSection("Task Spaces"),
  },
  createTaskSpace: {
    kind: "async",
    params: [{ name: "name", type: "string", nonEmpty: true, example: special("spaceName") }, { name: "profileId", type: "string", optional: true, example: "" }],
    validation: noArgsRule, taskScoped: false, userControl: "unlisted", features: [], doc: docSection("Task Spaces"),
  },
  claimTaskSpace: {
    kind: "async",
    params: [{ name: "id", type: "number", example: special("ownSpaceId") }, { name: "name", type: "string", optional: true, example: special("spaceName") }],
    validation: noArgsRule, taskScoped: false, userControl: "unlisted", features: ["numeric-ids"], doc: docSection("Task Spaces"),
  },
  closeTaskSpace: statusCall("<id> task space closed.", "resolves-error", "Task Spaces"),
  completeTaskSpace: statusCall("<id> task space completed.", "resolves-error", "Task Spaces"),
  handOffTaskSpace: statusCall("<id> has been handed off to the user.", "unlisted", "Task Control"),
  takeOverTaskSpace: statusCall("<id> has been taken over by the agent.", "unlisted", "Task Control"),
  setAgentTaskState: statusCall("<id> state updated.", "resolves-error", "Task Control", [{ name: "state", type: "string", example: "ego-conformance probe" }]),
  animationHighlightMouseToPosition: statusCall("<id> mouse highlight shown.", "resolves-error", "UI Helpers", [
    { name: "x", type: "number", example: 10 },
    { name: "y", type: "number", example: 20 },
  ]),
  sendCDPMessage: {
    kind: "sync", params: [{ name: "message", type: "string", example: '{"id":1,"method":"Browser.getVersion"}' }],
    validation: { missing: "documented", wrongType: "documented", extra: "unspecified" },
    taskScoped: true, userControl: "callback", features: [], doc: docSection("Chrome DevTools Protocol"),
  },
});

export const TASK_SCOPED_METHODS = METHOD_NAMES.filter((m) => METHODS[m].taskScoped);
export const BLOCKED_UNDER_USER_CONTROL = METHOD_NAMES.filter((m) => METHODS[m].userControl !== "unlisted");
export const UNLISTED_UNDER_USER_CONTROL = METHOD_NAMES.filter((m) => METHODS[m].userControl === "unlisted");

/** The status string a method documents for a task-space id, or undefined. */
export function statusFor(method: MethodName, id: number | string): string | undefined {
  return METHODS[method].status?.replace("<id>", String(id));
}

/**
 * The branch of the Ego Lite runtime that holds docs/native-bindings-api.md: the upstream's default
 * branch (main) does not have the file (research 0: the v2 branch is the home of the native docs).
 */
export const DOC_BRANCH = "2.0.0-beta-dev";
/** Source URL of the native bindings reference (docs/native-bindings-api.md in the Ego Lite runtime). */
export const DOC_URL = `https://github.com/citrolabs/ego-lite/blob/${DOC_BRANCH}/docs/native-bindings-api.md`;
export const docLink = (anchor: string) => `${DOC_URL}#${anchor}`;
