export { FakeApp, type FakeAppOptions, type NewSpace } from "./app.js";
export { DEFAULT_PROFILES, ProfileRegistry, type ProfileSpec } from "./profiles.js";
export type { Control, SpaceKey, TaskSpace } from "./task-space.js";
export type { Tab, TabEntry } from "./tab-records.js";
export type { Page, PageNode } from "./page-model.js";
export type { SnapshotOptions, SnapshotRef, SnapshotResult } from "./snapshot-shape.js";
export { BLANK_TITLE, BLANK_URL, titleForUrl } from "./urls.js";
export { GENERIC_USER_CONTROL_SENTENCE, reasonSentence } from "./reasons.js";
