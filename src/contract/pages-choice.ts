/**
 * Where the fake's pages come from (`--pages`): real ones from Chromium, or the page model. Harness
 * data like the persona names: the fake, the run, the recording and the CLI's option entry read it.
 */
import { z } from "zod";

export const PAGES_CHOICES = ["chromium", "model"] as const;
export const PagesChoice = z.enum(PAGES_CHOICES);
export type PagesChoice = z.infer<typeof PagesChoice>;

export function isPagesChoice(value: unknown): value is PagesChoice {
  return PagesChoice.safeParse(value).success;
}
