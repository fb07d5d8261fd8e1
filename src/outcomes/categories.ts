/**
 * The Allure categories, one per outcome a result can show there (first match wins, so known
 * failures and precondition failures come before the status-only rules). The data is
 * allure-categories.json, which allurerc.mjs reads too (the Allure CLI cannot import TypeScript).
 */
import data from "./allure-categories.json" with { type: "json" };
import type { Outcome } from "./statuses.js";

export interface CategoryRule {
  id: string;
  name: string;
  matchers: unknown;
  groupBy?: { label: string }[];
  groupByMessage?: boolean;
}

export const ALLURE_CATEGORIES = data as { outcome: Outcome; rule: CategoryRule }[];
