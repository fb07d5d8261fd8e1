/**
 * docs/cli.md, rendered from the option tables (./options.ts): one flag table per command.
 * `npm run docs:cli` writes it; test/cli/option-tables.test.ts fails when the file differs.
 */
import { COMMAND_SPECS } from "./options.js";
import { EXIT_STATUS, flagHelp, flagLabel } from "./usage.js";

/** Markdown text: `<run-id>` and friends are not HTML tags; `|` does not end a table cell. */
const text = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\|/g, "\\|");
const code = (s: string) => `\`${s.replace(/\|/g, "\\|")}\``;

export function renderCliReference(): string {
  const out = [
    "# Command-line reference",
    "",
    "<!-- Generated from src/cli/options.ts by `npm run docs:cli`; do not edit by hand (test/cli/option-tables.test.ts checks it). -->",
    "",
    "`ego-conformance` is this package's `bin` (`node bin/ego-conformance.mjs` from a checkout; `npm run conformance` is `ego-conformance run`).",
    "`ego-conformance help [COMMAND]` prints the same information. Any command takes `--debug`: a failure then shows its stack trace too.",
    "",
  ];
  for (const spec of COMMAND_SPECS) {
    out.push(`## \`ego-conformance ${spec.name} ${spec.synopsis}\``, "", text(`${spec.summary[0]!.toUpperCase()}${spec.summary.slice(1)}.`), "");
    for (const section of spec.sections) {
      const flags = Object.entries(spec.flags).filter(([, f]) => (f.section ?? spec.sections[0]!.key) === section.key);
      if (spec.sections.length > 1) out.push(text(section.title), "");
      if (flags.length > 0) {
        out.push("| flag | repeatable | meaning |", "|---|---|---|");
        for (const [name, flag] of flags) out.push(`| ${code(flagLabel(name, flag))} | ${flag.multiple ? "yes" : ""} | ${text(flagHelp(flag))} |`);
        out.push("");
      }
      for (const note of section.notes ?? []) out.push(text(note), "");
    }
  }
  out.push("## Exit status", "", "```text", EXIT_STATUS.trimEnd(), "```", "");
  return out.join("\n");
}
