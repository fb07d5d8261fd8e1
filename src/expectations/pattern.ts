/**
 * Clause patterns: a clause id, or a glob over clause ids where `*` matches any text (dots
 * included) and `?` one character. Everything else is literal.
 */
const GLOB_CHARS = /[*?]/;
const PATTERN_SHAPE = /^[A-Za-z0-9.*?-]+$/;

export function isGlob(pattern: string): boolean {
  return GLOB_CHARS.test(pattern);
}

/** Whether the text is a pattern at all (letters, digits, dots, dashes, `*`, `?`). */
export function isValidPattern(pattern: string): boolean {
  return PATTERN_SHAPE.test(pattern);
}

export function patternRegExp(pattern: string): RegExp {
  const body = [...pattern].map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.\\^$+()[\]{}|/-]/g, "\\$&"))).join("");
  return new RegExp(`^${body}$`);
}

export function matchesClause(pattern: string, clauseId: string): boolean {
  return isGlob(pattern) ? patternRegExp(pattern).test(clauseId) : pattern === clauseId;
}
