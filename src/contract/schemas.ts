/**
 * zod schemas for every documented result shape (native-bindings-api.md). Extra keys are allowed,
 * since shapes "can follow the command implementation"; what the doc does fix is strict.
 */
import { z } from "zod";
import { ErrorCode } from "./error-codes.js";
import { CreatedBy, Ownership } from "./ownership.js";

/** A numeric task-space locator. Non-negative safe integer (the doc shows 3, 7). */
export const TaskSpaceId = z.number().int().nonnegative();

/** `{taskId, id, name}` returned by createTaskSpace and claimTaskSpace. */
export const TaskSpaceRef = z
  .looseObject({ taskId: z.string(), id: TaskSpaceId, name: z.string() })
  .refine((v) => v.taskId === v.name, { message: "taskId must be a display copy of name" });
export type TaskSpaceRef = z.infer<typeof TaskSpaceRef>;

/** One entry of listTaskSpaces().taskSpaces. */
export const TaskSpaceEntry = z
  .looseObject({
    taskId: z.string(),
    id: TaskSpaceId,
    name: z.string(),
    createdBy: CreatedBy,
    ownership: Ownership,
    profileId: z.string().optional(),
    profileName: z.string().optional(),
    recentTabTitles: z.array(z.string()).optional(),
  })
  .refine((v) => v.taskId === v.name, { message: "taskId must be a display copy of name" });
export type TaskSpaceEntry = z.infer<typeof TaskSpaceEntry>;

export const TaskSpaceList = z.looseObject({ taskSpaces: z.array(TaskSpaceEntry) });
export type TaskSpaceList = z.infer<typeof TaskSpaceList>;

export const Profile = z.looseObject({ id: z.string().min(1), name: z.string(), isDefault: z.boolean() });
export const ProfileList = z
  .looseObject({ profiles: z.array(Profile) })
  .refine((v) => v.profiles.filter((p) => p.isDefault).length <= 1, {
    message: "at most one profile may be the default",
  });
export type ProfileList = z.infer<typeof ProfileList>;

/** createTab: "a tab descriptor containing at least targetId". */
export const CreatedTab = z.looseObject({ targetId: z.string().min(1) });

export const TabEntry = z.looseObject({
  index: z.number().int().nonnegative(),
  targetId: z.string().min(1),
  url: z.string(),
  title: z.string(),
  active: z.boolean(),
});
export const TabList = z.looseObject({ tabs: z.array(TabEntry) });
export type TabList = z.infer<typeof TabList>;

export const SnapshotRef = z.looseObject({
  /** research 1.5 (native-snapshot-ref-requirement.md): the printed ref, unique per snapshot; builds before it have none */
  refId: z.number().int().optional(),
  backendNodeId: z.number().int(),
  /** research 1.5: the frame that owns the node (may be omitted for the top document) */
  frameId: z.string().optional(),
  role: z.string(),
  name: z.string(),
  loc: z.string().optional(),
});
export const SnapshotResult = z.looseObject({ content: z.string(), refs: z.array(SnapshotRef) });
export type SnapshotResult = z.infer<typeof SnapshotResult>;

export const BrowserVersionResult = z.looseObject({ currentVersion: z.string(), updateAvailable: z.boolean() });
export type BrowserVersionResult = z.infer<typeof BrowserVersionResult>;

/** A resolved task failure: `{error, error_code}`. */
export const ErrorObject = z.looseObject({ error: z.string(), error_code: ErrorCode });
export type ErrorObject = z.infer<typeof ErrorObject>;

/** The runtime's failure rule (ego-errors.ts): an object with a non-null `error` key. */
export function isFailureValue(value: unknown): boolean {
  return typeof value === "object" && value !== null && "error" in value && (value as { error: unknown }).error != null;
}
