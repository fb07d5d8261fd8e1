/** The CLI's usage text, rendered from the option tables (./options.ts): every command and flag. */
import { COMMAND_SPECS, type CommandSpec, type FlagSpec } from "./options.js";

const WIDTH = 100;
/** where a flag's meaning starts */
const FLAG_COLUMN = 28;
/** where a command's summary starts */
const SUMMARY_COLUMN = 36;

const HEADER = "ego-conformance: conformance and end-to-end tests of the Ego Lite native bridge (globalThis.ego)";
const GLOBAL_NOTE = "Any command takes --debug: a failure then shows its stack trace too.";

/** The exit statuses of every command, printed at the end of every help. */
export const EXIT_STATUS = `Exit status: 0 when no selected clause failed, broke or went without a result;
1 when one did; 2 for a usage error or a run that could not start.
matrix and report: 0 when every target ran and no clause failed, broke or went without a
result; 1 otherwise (a missing shard included); report exits 2 when the bundles cannot be merged.
gate: 0 ship (no regression, no new failure, nothing newly not applicable, missing or unknown, at
least --min-clauses clauses ran); 1 do not ship (a table says why); 2 cannot decide (usage, a
missing or unreadable baseline or run). expectations lint: 0 clean, 1 problems, 2 unreadable file.
verify-fake and diff: 0 when nothing judged differs; 1 when a verdict, call, channel, error code
or documented field differs; 2 when a recording cannot be read.
`;

/** Words of `text` in lines of at most `width - indent` characters, each line indented. */
function wrap(text: string, indent: number, width = WIDTH): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== "" && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines.map((l) => `${" ".repeat(indent)}${l}`);
}

/** `label` then `text` from `column` on, wrapped; the text starts on the next line when the label is too long. */
function labelled(label: string, text: string, column: number): string[] {
  const body = wrap(text, column);
  if (label.length >= column - 1) return [label, ...body];
  const [first = "", ...rest] = body;
  return [`${label.padEnd(column)}${first.trimStart()}`, ...rest];
}

/** What a flag means, as help and docs/cli.md say it: its help, then its range if it has one. */
export function flagHelp(flag: FlagSpec): string {
  return flag.range ? `${flag.help} (a whole number from ${flag.range.min} to ${flag.range.max})` : flag.help;
}

/** How a flag is written in help and docs: `--name VALUE`. */
export function flagLabel(name: string, flag: FlagSpec): string {
  return flag.value !== undefined ? `--${name} ${flag.value}` : `--${name}`;
}

function summaryLines(spec: CommandSpec): string[] {
  return labelled(`  ego-conformance ${spec.name} ${spec.synopsis}`, spec.summary, SUMMARY_COLUMN);
}

function sectionLines(spec: CommandSpec): string[] {
  const out: string[] = [];
  for (const section of spec.sections) {
    const flags = Object.entries(spec.flags).filter(([, f]) => (f.section ?? spec.sections[0]!.key) === section.key);
    out.push("", section.title);
    for (const [name, flag] of flags) out.push(...labelled(`  ${flagLabel(name, flag)}`, flagHelp(flag), FLAG_COLUMN));
    for (const note of section.notes ?? []) out.push(...wrap(note, 2));
  }
  return out;
}

/** The specs `help COMMAND` covers: the command, or every subcommand of it ("fake" covers "fake start" ...). */
export function specsFor(command: string): CommandSpec[] {
  return COMMAND_SPECS.filter((s) => s.name === command || s.name.startsWith(`${command} `));
}

export const USAGE = [
  HEADER,
  "",
  "Usage:",
  ...COMMAND_SPECS.flatMap(summaryLines),
  "",
  GLOBAL_NOTE,
  ...COMMAND_SPECS.flatMap(sectionLines),
  "",
  EXIT_STATUS,
].join("\n");

/**
 * One command's usage: its lines of the summary at the top and its options section(s) below
 * ("run options:", "run options for --target installed ..."). Undefined for an unknown command.
 */
export function usageFor(command: string): string | undefined {
  const specs = specsFor(command);
  if (specs.length === 0) return undefined;
  return ["Usage:", ...specs.flatMap(summaryLines), ...specs.flatMap(sectionLines), "", EXIT_STATUS].join("\n");
}
