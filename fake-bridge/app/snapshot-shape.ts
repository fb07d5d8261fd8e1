/**
 * A snapshot's options and result, as both kinds of pages take and give them: the page model
 * (./model-snapshot.ts) and pages from Chromium (./chromium-snapshot).
 */
/** The sentinel older builds printed for a locator they could not make unique (feature locator-omission). */
export const UNSTABLE_LOCATOR = "unstable";

export const SNAPSHOT_SCOPES = ["full_page", "only_within_viewport", "subtree"] as const;
export type SnapshotScope = (typeof SNAPSHOT_SCOPES)[number];

export interface SnapshotOptions {
  scope: SnapshotScope;
  /** backendNodeId of the subtree root; only read for scope 'subtree' */
  root?: number;
  interactiveOnly: boolean;
  includeStableLocator: boolean;
  includeActionMarks: boolean;
  /** 0 = unlimited */
  maxResultLength: number;
}

export const DEFAULT_SNAPSHOT_OPTIONS: SnapshotOptions = {
  scope: "full_page",
  interactiveOnly: false,
  includeStableLocator: false,
  includeActionMarks: false,
  maxResultLength: 0,
};

export interface SnapshotRef {
  /** unique within one snapshot across renderer processes, printed as [ref=<refId>] (pages from Chromium; native-snapshot-ref-requirement.md) */
  refId?: number;
  backendNodeId: number;
  role: string;
  name: string;
  loc?: string;
  /** the CDP frame id of a node inside an iframe (pages from Chromium; native-snapshot-ref-requirement.md) */
  frameId?: string;
}

export interface SnapshotResult {
  content: string;
  refs: SnapshotRef[];
}
