/** Labels, parameters and links every clause result carries (names in src/report/labels.ts). */
import * as allure from "allure-js-commons";
import { docLink } from "../contract/methods.js";
import { conformanceOf, type Clause } from "../contract/clause.js";
import type { TargetInfo } from "../targets/target.js";
import { LABEL, PARAMETER, UNKNOWN_VERSION } from "../labels/labels.js";

export async function labelClause(clause: Clause, target: TargetInfo, variant?: string): Promise<void> {
  const version = target.egoVersionText ?? UNKNOWN_VERSION;
  await allure.epic(clause.area);
  await allure.feature(clause.methods[0] ?? clause.area);
  await allure.story(clause.id);
  await allure.severity(clause.severity);
  for (const tag of clause.tags) await allure.tag(tag);
  await allure.label(LABEL.clause, clause.id);
  await allure.label(LABEL.area, clause.area);
  await allure.label(LABEL.method, clause.methods[0] ?? clause.area);
  await allure.label(LABEL.conformance, conformanceOf(clause));
  await allure.label(LABEL.targetKind, target.kind);
  await allure.label(LABEL.targetName, target.name);
  await allure.label(LABEL.egoVersion, version);
  await allure.label(LABEL.versionSource, target.versionSource);
  if (target.persona) await allure.label(LABEL.persona, target.persona);
  await allure.parameter(PARAMETER.egoVersion, version);
  await allure.parameter(PARAMETER.target, target.kind === "fake" ? `${target.kind}${target.persona ? `:${target.persona}` : ""}` : target.name);
  if (variant !== undefined) await allure.parameter("variant", variant);
  await allure.link(docLink(clause.doc.anchor), `native-bindings-api.md: ${clause.doc.section}`);
  const lines = [`**${clause.title}**`, "", `Methods: ${clause.methods.map((m) => `\`${m}\``).join(", ") || "(run-wide)"}`];
  if (clause.features.length) lines.push(`Features: ${clause.features.join(", ")}`);
  if (clause.versions) lines.push(`Ego Lite versions: ${clause.versions}`);
  if (clause.unspecified) lines.push("", ...unspecifiedLines(clause.unspecified));
  await allure.description(lines.join("\n"));
}

/** The core/open-detail split of a clause the docs leave partly open, as description lines. */
export function unspecifiedLines(u: NonNullable<Clause["unspecified"]>): string[] {
  return [
    `Partly unspecified by the docs (${u.question}); basis: ${u.basis}.`,
    u.core === null ? "Documented core: none. The clause is observed and reported, never failed." : `Documented core (required, judged): ${u.core}`,
    `Open detail (observed, never failed): ${u.openDetail}`,
    `The fake's choice: ${u.choice}.`,
  ];
}
