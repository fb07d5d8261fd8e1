/**
 * Which documented shape (./schemas.ts) each method's success settles with, and a resolved
 * failure's: what a run's recording reads to tell a call's documented fields from the rest.
 */
import { z } from "zod";
import { METHODS, type MethodName } from "./methods.js";
import { BrowserVersionResult, CreatedTab, ErrorObject, ProfileList, SnapshotResult, TabList, TaskSpaceId, TaskSpaceList, TaskSpaceRef } from "./schemas.js";

/** A documented status string (`<id> task space closed.`): its text is fixed by the doc. */
export const StatusString = z.string().min(1);

const SHAPES: Partial<Record<MethodName, z.ZodType>> = {
  getBrowserVersion: BrowserVersionResult,
  useTaskSpace: TaskSpaceId,
  listProfiles: ProfileList,
  createTab: CreatedTab,
  listTabs: TabList,
  snapshot: SnapshotResult,
  listTaskSpaces: TaskSpaceList,
  createTaskSpace: TaskSpaceRef,
  claimTaskSpace: TaskSpaceRef,
};

/**
 * The documented shape of `method`'s success, or undefined where the doc gives none. The status
 * methods settle their status string; sendCDPMessage answers through its callbacks in CDP's own
 * shapes, which the contract does not restate.
 */
export function successShape(method: MethodName): z.ZodType | undefined {
  return SHAPES[method] ?? (METHODS[method].status !== undefined ? StatusString : undefined);
}

/** The documented shape of a resolved failure: `{error, error_code}`. */
export const FAILURE_SHAPE: z.ZodType = ErrorObject;
