/**
 * The matrix's flags -> its target list, in the plan order the shard split uses: personas, then
 * `--versions`, `--persona-file`, `--installed`, `--mutant`; a target named twice is kept once, and
 * no target flag at all means every persona.
 */
import { MatrixInputError } from "./errors.js";
import { tryParseEgoVersion } from "../version/index.js";
import { mutantTarget, installedTarget, personaFileTarget, personaTarget, versionTarget, type TargetSpec } from "./target-spec.js";

export interface TargetRequest {
  /** "all", some names, or null when not asked for */
  personas: "all" | string[] | null;
  versions: string[];
  installed: string[];
  mutants: string[];
  /** persona files (`--persona-file`, from `persona derive`), absolute */
  personaFiles?: string[];
}

export function splitList(values: readonly string[]): string[] {
  return values.flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
}

export function expandTargets(request: TargetRequest, personaList: readonly string[]): TargetSpec[] {
  const personaFiles = request.personaFiles ?? [];
  const nothingAsked = request.personas === null && request.versions.length === 0 && request.installed.length === 0 && request.mutants.length === 0 && personaFiles.length === 0;
  const personas = nothingAsked || request.personas === "all" ? [...personaList] : (request.personas ?? []);
  for (const p of personas) {
    if (!personaList.includes(p)) throw new MatrixInputError(`unknown persona '${p}' (personas: ${personaList.join(", ")}; see ego-conformance personas)`);
  }
  // normalised (0.5.1 is 0.5.1.0, v0.5.0.19 is 0.5.0.19) so one version is one target
  const versions = request.versions.map((v) => {
    const parsed = tryParseEgoVersion(v);
    if (parsed === null) throw new MatrixInputError(`--versions takes four-part Ego Lite versions like 0.5.0.19, not '${v}'`);
    return parsed.text;
  });
  const specs = [
    ...personas.map(personaTarget),
    ...versions.map(versionTarget),
    ...personaFiles.map(personaFileTarget),
    ...request.installed.map(installedTarget),
    ...request.mutants.map(mutantTarget),
  ];
  const seen = new Set<string>();
  return specs.filter((s) => (seen.has(s.key) ? false : (seen.add(s.key), true)));
}
