/**
 * What the embedded fake emulates when no persona or version is asked for: the newest documented
 * build (0.5.1.13 is the newest version seen in the wild, research 2.2) with every current
 * feature. `dialog-fallback-key` was dropped in a later doc revision, so the newest build lacks it.
 */
import { FEATURE_NAMES, type Feature } from "../contract/features.js";

export const DEFAULT_FAKE_VERSION = "0.5.1.13";

export const DEFAULT_FAKE_FEATURES: ReadonlySet<Feature> = new Set(
  FEATURE_NAMES.filter((f) => f !== "dialog-fallback-key"),
);
