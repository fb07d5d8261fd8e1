/** `npm run docs:cli`: write docs/cli.md from the option tables (src/cli/options.ts). */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { renderCliReference } from "../src/cli/cli-reference.js";

const file = resolve(import.meta.dirname, "../docs/cli.md");
writeFileSync(file, renderCliReference());
process.stdout.write(`wrote ${file}\n`);
