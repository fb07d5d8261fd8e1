/**
 * Ownership and creator values of task spaces.
 * `agentDelegatedToUser` is absent from every revision of the bindings doc but asserted by the
 * upstream real-browser tests after handOffTaskSpace (research 1.4).
 */
import { z } from "zod";

export const OWNERSHIPS = ["agent", "agentDelegatedToUser", "user"] as const;
export const Ownership = z.enum(OWNERSHIPS);
export type Ownership = z.infer<typeof Ownership>;

export const CREATORS = ["agent", "user"] as const;
export const CreatedBy = z.enum(CREATORS);
export type CreatedBy = z.infer<typeof CreatedBy>;
