/**
 * The build features a clause may require (test262's features.txt), from ./data/features.json. A
 * clause whose feature the build lacks is not applicable there: skipped with the reason, never failed.
 */
import { z } from "zod";
import FEATURE_TABLE from "./data/features.json" with { type: "json" };
import { namesOf } from "../tables/names-of.js";

/**
 * Each feature's name and what it is. Imported as a JSON module, so the names stay literal types
 * and the fake's launcher bundle holds the table (it reads no file).
 */
export const FEATURES = FEATURE_TABLE;

export type Feature = keyof typeof FEATURES;
export const FEATURE_NAMES: Feature[] = namesOf(FEATURES);
export const FeatureName = z.enum(FEATURE_NAMES as [Feature, ...Feature[]]);

/**
 * What a clause may need from the target rather than from the build:
 * - `operator`: a human (or the fake's operator API) to create user Spaces or take control;
 * - `cdp-traffic`: a CDP agent host that actually answers messages (real Chromium behind the tab);
 * - `pages`: real web pages behind the tabs (an installed build, or the fake with `--pages chromium`);
 * - `launcher`: an `ego-browser nodejs` launcher between the harness and the script. The
 *   in-process fake has none (its probes run in the harness's own process, so there is no
 *   environment to forward or not), so launcher clauses are not applicable there; every CLI
 *   target (a real Ego Lite, the fake's installed launcher) has one.
 */
export const CAPABILITIES = ["operator", "cdp-traffic", "pages", "launcher"] as const;

export type Capability = (typeof CAPABILITIES)[number];
export const CapabilityName = z.enum(CAPABILITIES);
