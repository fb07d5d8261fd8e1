/**
 * Reading a JSON file the harness or a person wrote (expectations, a run's outcomes): an error
 * names the file and what it should be, and says whether it could not be read or is not JSON.
 */
import { readFile } from "node:fs/promises";

/** The parsed contents of `file`, a `kind` file ("expectations", "outcomes"); `fail` makes the caller's error. */
export async function readJsonFile(file: string, kind: string, fail: (message: string) => Error): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw fail(`cannot read ${kind} file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw fail(`${kind} file ${file} is not JSON: ${(error as Error).message}`);
  }
}
