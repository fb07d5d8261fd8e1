/**
 * The `error` text of EGO_TASK_SPACE_USER_IN_CONTROL: the reason key itself on current builds, a
 * display sentence per cause on builds before reason keys (the persona's switch `reasonKeys`).
 */
import { DIALOG_FALLBACK_REASON_KEY } from "../../src/contract/reason-keys.js";

const PERMISSION_LABELS: Record<string, string> = {
  notifications: "notifications",
  location: "location",
  camera: "camera",
  microphone: "microphone",
  pan_tilt_zoom_microphone: "camera pan-tilt-zoom and microphone",
  midi: "MIDI devices",
  bluetooth: "Bluetooth devices",
  usb: "USB devices",
  serial: "serial ports",
  hid: "HID devices",
  protocol_handler: "a protocol handler",
};

export const GENERIC_USER_CONTROL_SENTENCE = "The task is under user control.";

export function reasonSentence(reason: string): string {
  const label = PERMISSION_LABELS[reason];
  if (label !== undefined) {
    return `A browser permission prompt for ${label} has appeared. Control of this browser space has been handed over.`;
  }
  if (reason === "manual_takeover") return "The user has taken over this browser space.";
  if (reason === DIALOG_FALLBACK_REASON_KEY) {
    return "A site dialog needs the user's attention. Control of this browser space has been handed over.";
  }
  return GENERIC_USER_CONTROL_SENTENCE;
}

export function userControlText(reason: string, reasonKeys: boolean): string {
  return reasonKeys ? reason : reasonSentence(reason);
}
