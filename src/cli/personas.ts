/**
 * `ego-conformance personas [--json]`: the builds the fake can emulate (fake-bridge/personas),
 * each with its version, what it stands for, the features it lacks or adds, and the source; then
 * the version ranges of the build-feature table they come from.
 */
import { VERSION_MAPPINGS } from "../contract/build-features.js";
import { PERSONAS, featuresOff, featuresOn } from "../contract/personas.js";
import { parseFlags } from "./parse-flags.js";
import { PERSONAS_FLAGS } from "./options.js";

export interface PersonaJson {
  name: string;
  version: string;
  versionBasis: string;
  standsFor: string;
  featuresOff: string[];
  featuresOn: string[];
  features: string[];
  source: string;
  note?: string;
}

export function personasJson(): PersonaJson[] {
  return PERSONAS.map((p) => ({
    name: p.name,
    version: p.version,
    versionBasis: p.versionBasis,
    standsFor: p.standsFor,
    featuresOff: featuresOff(p),
    featuresOn: featuresOn(p),
    features: [...p.features],
    source: p.source,
    ...(p.note !== undefined ? { note: p.note } : {}),
  }));
}

export function renderPersonas(): string {
  const rows = personasJson();
  const nameWidth = Math.max(...rows.map((r) => r.name.length));
  const versionWidth = Math.max(...rows.map((r) => r.version.length + (r.versionBasis === "named build" ? 0 : 1)));
  const lines = ["Personas (--persona NAME); a version marked * is the current build standing in for one with no known build number", ""];
  for (const r of rows) {
    const version = `${r.version}${r.versionBasis === "named build" ? "" : "*"}`;
    const change = [...r.featuresOff.map((f) => `-${f}`), ...r.featuresOn.map((f) => `+${f}`)].join(" ") || "(no difference)";
    lines.push(`${r.name.padEnd(nameWidth)}  ${version.padEnd(versionWidth)}  ${change}`);
    lines.push(`${" ".repeat(nameWidth + versionWidth + 4)}${r.standsFor}${r.note ? ` (${r.note})` : ""}`);
    lines.push(`${" ".repeat(nameWidth + versionWidth + 4)}source: ${r.source}`);
  }
  lines.push("", "Version ranges of the build-feature table (--ego-version V takes its features from them; unlisted features: the current build's, confidence 'assumed')", "");
  const rangeWidth = Math.max(...VERSION_MAPPINGS.map((m) => m.versions.length));
  for (const m of VERSION_MAPPINGS) {
    const change = [...m.present.map((f) => `+${f}`), ...m.absent.map((f) => `-${f}`)].join(" ");
    lines.push(`${m.versions.padEnd(rangeWidth)}  ${change}  [${m.confidence}] ${m.source}`);
  }
  return `${lines.join("\n")}\n`;
}

export function personasCommand(argv: string[]): number {
  const { json } = parseFlags(argv, PERSONAS_FLAGS).values;
  if (json) process.stdout.write(`${JSON.stringify({ personas: personasJson(), mappings: VERSION_MAPPINGS.map(({ range: _range, ...m }) => m) }, null, 2)}\n`);
  else process.stdout.write(renderPersonas());
  return 0;
}
