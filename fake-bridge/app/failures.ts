/**
 * Browser-side failures as data: a stable code and the native message. The binding turns one into
 * the channel its method documents (resolved object, rejected Error, CDP callback). Messages follow
 * the texts the research records (section 1.3); wording is not contract, codes are.
 */
import type { ErrorCode } from "../../src/contract/error-codes.js";
import { notFoundMessage } from "../../src/contract/id-texts.js";

export interface TaskFailure {
  readonly code: ErrorCode;
  readonly message: string;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: TaskFailure };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = <T = never>(failure: TaskFailure): Outcome<T> => ({ ok: false, failure });

export const failures = {
  notSelected: (): TaskFailure => ({ code: "EGO_TASK_SPACE_NOT_SELECTED", message: "Task space not selected" }),
  /** the lookup key (numeric id, or the name on builds before numeric ids) is named in the message */
  notFound: (key: number | string): TaskFailure => ({ code: "EGO_TASK_SPACE_NOT_FOUND", message: notFoundMessage(key) }),
  inactive: (label: string): TaskFailure => ({ code: "EGO_TASK_SPACE_INACTIVE", message: `Task space ${label} is not assigned to an agent.` }),
  /** `error` is the reason key (or, before reason keys, a display sentence) */
  userInControl: (text: string): TaskFailure => ({ code: "EGO_TASK_SPACE_USER_IN_CONTROL", message: text }),
  profileNotFound: (): TaskFailure => ({ code: "EGO_PROFILE_NOT_FOUND", message: "Profile not found" }),
  snapshotFailed: (message: string): TaskFailure => ({ code: "EGO_SNAPSHOT_FAILED", message }),
  /** the tab's page (its renderer) is gone: closed, crashed, or navigated away mid-call */
  webContentsUnavailable: (): TaskFailure => ({ code: "EGO_WEB_CONTENTS_UNAVAILABLE", message: "Web contents unavailable" }),
} as const;

/** Texts the CDP send path reports through onSendCDPMessageError (research 1.3, upstream test cdd6dc2). */
export const CDP_SEND_MESSAGES: Partial<Record<ErrorCode, string>> = {
  EGO_TASK_SPACE_USER_IN_CONTROL: "The task is under user control.",
  EGO_TASK_SPACE_INACTIVE: "Task space is not assigned to an agent. Claim this task space before sending CDP messages.",
};
