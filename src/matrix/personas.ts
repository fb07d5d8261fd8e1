/**
 * The fake's personas, as the matrix expands `--personas all`: the list derived from the
 * build-feature table (fake-bridge/personas), in its own order (current first).
 */
import { PERSONA_NAMES } from "../contract/personas.js";

export function personaNames(): readonly string[] {
  return PERSONA_NAMES;
}
