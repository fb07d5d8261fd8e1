/**
 * Text from a build (its version, its space names, its error messages, a label a results file
 * carries) shown where a person reads it: a terminal line, a report, a file name. A terminal obeys
 * what it is sent, so a version such as `0.5\x1b[2K\r\x1b[32mPASSED` would erase the line and
 * print a forged verdict, and `\x1b]0;...\x07` would set the window title. `printable` shows every
 * such character as a visible escape instead:
 *
 *   - C0 controls (U+0000-U+001F, newline and tab included: one value is one line), DEL (U+007F)
 *     and C1 controls (U+0080-U+009F, among them the 8-bit CSI U+009B): `\x1b`, `\x0d`, `\x9b`;
 *   - the bidirectional overrides, embeddings, isolates and marks (U+202A-U+202E, U+2066-U+2069,
 *     U+200E, U+200F, U+061C), which reorder what follows them on the line: `\u{202e}`;
 *   - the line and paragraph separators (U+2028, U+2029), which some terminals break lines on.
 *
 * Everything else, `é`, `—` and `…` included, is left as it is. `printableLines` keeps the line
 * breaks of a text of several lines (an error message) and escapes the rest. HTML escapes on its
 * own (src/matrix/page, Allure); this is for plain text.
 */

/** The characters `printable` escapes (a global pattern: reset lastIndex-free use through replace). */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

function escaped(char: string): string {
  const code = char.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
}

/** `text` as one line a terminal shows as it is: every control, bidi and separator character escaped. */
export function printable(text: string): string {
  return text.replace(UNSAFE, escaped);
}

/** The same for a text of several lines: its line feeds stay, a carriage return is escaped. */
export function printableLines(text: string): string {
  return text.replace(UNSAFE_BUT_NEWLINE, escaped);
}

/** Whether `text` holds nothing `printable` would escape. */
export function isPrintable(text: string): boolean {
  return !new RegExp(UNSAFE.source, "u").test(text);
}
