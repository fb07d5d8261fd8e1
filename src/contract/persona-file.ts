/**
 * A persona file (`persona derive RECORDING --name NAME`, src/recording/derive-persona.ts): a
 * build as recorded, which the fake then plays (`run --persona-file FILE`): its version, the
 * build features its verdicts showed and the open details it chose. The shape only; src/run reads the file (src/files).
 */
import { z } from "zod";
import { idRecord, idRecordSchema } from "../tables/id-record.js";
import { FeatureName } from "./features.js";
import { tryParseEgoVersion } from "../version/index.js";

export const PERSONA_FILE_FORMAT = "ego-conformance-persona/1";
/** What the head of every persona file `persona derive` writes holds: an existing file without it is not replaced. */
export const PERSONA_FILE_MARKER = `"format": "${PERSONA_FILE_FORMAT}"`;

/** What a run observed of an unspecified clause's open detail (the label the harness writes). */
export const OPEN_DETAIL_OUTCOMES = ["as-the-fake-chose", "differs-from-the-fake"] as const;

export const PersonaFile = z.object({
  format: z.literal(PERSONA_FILE_FORMAT),
  name: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, "a persona name: lower-case letters, digits, dots and dashes"),
  version: z.string().refine((v) => tryParseEgoVersion(v) !== null, "a four-part Ego Lite version like 0.5.1.13"),
  features: z.array(FeatureName),
  /** how each feature was decided: `verdicts` (its clauses' verdicts) or `version` (no clause of it was recorded: the build-feature table's answer) */
  basis: idRecordSchema(z.enum(["verdicts", "version"])).default(idRecord),
  /**
   * the open details the recorded build chose, clause by clause: what its unspecified clauses
   * observed (src/harness/clause.ts), as the fake chose or otherwise. The fake plays them where
   * it has the other choice (fake-bridge/personas/persona-behaviour.ts OPEN_DETAIL_SWITCHES)
   */
  openDetails: idRecordSchema(z.enum(OPEN_DETAIL_OUTCOMES)).default(idRecord),
  /** the recording it was derived from */
  derivedFrom: z.object({ kind: z.string().nullable(), egoVersion: z.string().nullable(), persona: z.string().nullable() }).optional(),
});
export type PersonaFile = z.infer<typeof PersonaFile>;
