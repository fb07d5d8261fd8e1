/**
 * Reason keys carried as `error` of EGO_TASK_SPACE_USER_IN_CONTROL (native-bindings-api.md, "listTabs").
 * The contract requires callers to treat an unknown key as generic user control, so the harness
 * never fails a build for a key outside this list: it reports it.
 */
export const REASON_KEYS = [
  "notifications",
  "location",
  "camera",
  "microphone",
  "pan_tilt_zoom_microphone",
  "midi",
  "bluetooth",
  "usb",
  "serial",
  "hid",
  "protocol_handler",
  "manual_takeover",
] as const;
export type ReasonKey = (typeof REASON_KEYS)[number];

/** Present in the doc revisions of 2026-08-20 .. da0e162, dropped later (feature `dialog-fallback-key`). */
export const DIALOG_FALLBACK_REASON_KEY = "fallback_site_dialog_required_notice";

/** The key a hand-off made by the agent (or a manual GUI takeover) reports. */
export const MANUAL_TAKEOVER: ReasonKey = "manual_takeover";

/** A reason key is a stable identifier, not a display sentence: lower snake case, no spaces. */
export const REASON_KEY_SHAPE = /^[a-z][a-z0-9_]*$/;
