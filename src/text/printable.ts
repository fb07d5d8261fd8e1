/**
 * Text from a build shown where a person reads it, with every control, bidirectional and line-breaking
 * character as a visible escape: a terminal obeys what it is sent, so a forged version could erase a
 * line and print a false verdict. HTML escapes on its own; this is for plain text.
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
