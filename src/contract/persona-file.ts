/**
 * A persona file (`persona derive RECORDING --name NAME`, src/recording/derive-persona.ts): a
 * build as recorded, which the fake then plays (`run --persona-file FILE`): its version and the
 * build features its verdicts showed. The shape only; src/run reads the file (src/files).
 */
import { z } from "zod";
import { FeatureName } from "./features.js";
import { tryParseEgoVersion } from "../version/index.js";

export const PERSONA_FILE_FORMAT = "ego-conformance-persona/1";

export const PersonaFile = z.object({
  format: z.literal(PERSONA_FILE_FORMAT),
  name: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, "a persona name: lower-case letters, digits, dots and dashes"),
  version: z.string().refine((v) => tryParseEgoVersion(v) !== null, "a four-part Ego Lite version like 0.5.1.13"),
  features: z.array(FeatureName),
  /** how each feature was decided: `verdicts` (its clauses' verdicts) or `version` (no clause of it was recorded: the build-feature table's answer) */
  basis: z.record(z.string(), z.enum(["verdicts", "version"])).default({}),
  /** the open details the recorded build chose, clause by clause: what its unspecified clauses observed */
  openDetails: z.record(z.string(), z.string()).default({}),
  /** the recording it was derived from */
  derivedFrom: z.object({ kind: z.string().nullable(), egoVersion: z.string().nullable(), persona: z.string().nullable() }).optional(),
});
export type PersonaFile = z.infer<typeof PersonaFile>;
