/**
 * What the compatibility matrix adds to a cell's outcome (src/outcomes, the same names and texts
 * the terminal and the JSON summary use): for an unspecified clause, how the target's
 * observation compares with the fake's choice.
 */
import { z } from "zod";

export const UNSPECIFIED_OUTCOMES = ["as-the-fake-chose", "differs-from-the-fake"] as const;
export const UnspecifiedOutcome = z.enum(UNSPECIFIED_OUTCOMES);
export type UnspecifiedOutcome = z.infer<typeof UnspecifiedOutcome>;
