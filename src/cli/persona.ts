/**
 * `ego-conformance persona derive RECORDING --name NAME`: a persona file from a recording
 * (src/recording/derive-persona.ts), which `run --persona-file FILE` plays on the fake.
 */
import { resolve } from "node:path";
import { PERSONA_FILE_MARKER, PersonaFile } from "../contract/persona-file.js";
import { derivePersona, unplayableOpenDetails } from "../recording/derive-persona.js";
import { OPEN_DETAIL_SWITCHES } from "../targets/fake/fake-app.js";
import { readTranscript } from "../recording/transcript.js";
import { checkOutputFile, writeFileAtomic } from "../files/output-dir.js";
import { parseFlags } from "./parse-flags.js";
import { PERSONA_DERIVE_FLAGS } from "./options.js";
import { UsageError } from "./usage-error.js";

async function deriveCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, PERSONA_DERIVE_FLAGS, true);
  if (positionals.length !== 1) throw new UsageError("persona derive needs one RECORDING (a transcript written by run --record)");
  if (values.name === undefined) throw new UsageError("persona derive needs --name NAME");
  const derived = derivePersona(await readTranscript(resolve(positionals[0]!)), values.name);
  const checked = PersonaFile.safeParse(derived);
  if (!checked.success) throw new UsageError(`--name ${values.name}: ${checked.error.issues.map((i) => i.message).join("; ")}`);
  const out = resolve(values.out ?? `${values.name}.persona.json`);
  await checkOutputFile(out, { what: values.out !== undefined ? "--out" : "the persona file", marker: PERSONA_FILE_MARKER });
  await writeFileAtomic(out, `${JSON.stringify(checked.data, null, 2)}\n`);
  const unplayable = unplayableOpenDetails(checked.data, new Set(Object.keys(OPEN_DETAIL_SWITCHES)));
  for (const clause of unplayable) {
    process.stderr.write(`warning: ${clause}: the recorded build chose otherwise than the fake, which has one choice there: --persona-file plays the fake's own (verify-fake shows it as an open-detail difference)\n`);
  }
  if (values.json) process.stdout.write(`${JSON.stringify(checked.data, null, 2)}\n`);
  else {
    const fromVerdicts = Object.entries(checked.data.basis).filter(([, b]) => b === "verdicts").map(([f]) => f);
    process.stdout.write(`persona ${checked.data.name}: Ego Lite ${checked.data.version}, features ${checked.data.features.join(", ") || "(none)"}\n`);
    process.stdout.write(`  from the verdicts: ${fromVerdicts.join(", ") || "(none)"}; the rest from the build-feature table for ${checked.data.version}\n`);
    process.stdout.write(`  open details recorded: ${Object.keys(checked.data.openDetails).length}\nwritten: ${out} (run --persona-file ${out})\n`);
  }
  return 0;
}

export async function personaCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== "derive") throw new UsageError(`persona needs a subcommand: derive (not '${sub ?? ""}')`);
  return deriveCommand(rest);
}
