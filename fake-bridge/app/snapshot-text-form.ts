/**
 * How a snapshot's content prints a node's line: the fake's own "tree" form, or "port", the community
 * Linux port's form (allowed deviation snapshot-port-text-form). The reference leaves `content` free-form.
 */
export type TextForm = "tree" | "port";

/** The role words the port prints where the tree form prints another. */
const PORT_ROLE_WORDS: Readonly<Record<string, string>> = { container: "generic" };

/** Whether a `root` node gets a line of its own (the port prints its children in its place). */
export const printsRoot = (form: TextForm): boolean => form === "tree";

/**
 * A node's label: its role word and name. `quoteEmpty`: the tree form prints an empty name as
 * `""` (the page model) or not at all (real pages).
 */
export function nodeLabel(role: string, name: string, form: TextForm, quoteEmpty: boolean): string {
  if (form === "port") {
    if (role === "text") return `text: ${name}`;
    const word = PORT_ROLE_WORDS[role] ?? role;
    return name === "" ? word : `${word} ${JSON.stringify(name)}`;
  }
  return name === "" && !quoteEmpty ? role : `${role} ${JSON.stringify(name)}`;
}
