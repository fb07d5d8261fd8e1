/**
 * The launcher and its binding as one plain ES module, built with esbuild at install time, so every
 * `ego-browser nodejs` starts at node's own cost. zod is stubbed: the binding reads contract data,
 * never schemas, and the stub throws on any parse so a new dependence on a schema fails loudly.
 */
import { build, type Plugin } from "esbuild";
import { resolve } from "node:path";

const ENTRY = resolve(import.meta.dirname, "../bin/launcher.ts");

const ZOD_STUB = `
const refuse = () => { throw new Error("zod is not bundled into the fake ego-browser launcher: the binding must not parse with zod schemas"); };
const REFUSED = new Set(["parse", "safeParse", "parseAsync", "safeParseAsync", "encode", "decode"]);
const stub = new Proxy(function zodStub() {}, {
  get: (_t, key) => (REFUSED.has(key) ? refuse : key === Symbol.toPrimitive ? () => "[zod stub]" : stub),
  apply: () => stub,
  construct: () => stub,
});
export const z = stub;
export default stub;
`;

const zodStub: Plugin = {
  name: "zod-stub",
  setup(b) {
    b.onResolve({ filter: /^zod(\/.*)?$/ }, (args) => ({ path: args.path, namespace: "zod-stub" }));
    b.onLoad({ filter: /.*/, namespace: "zod-stub" }, () => ({ contents: ZOD_STUB, loader: "js" }));
  },
};

let built: Promise<string> | undefined;

/** The bundle's text (built once per process). */
export function launcherBundle(): Promise<string> {
  built ??= build({
    entryPoints: [ENTRY],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    write: false,
    legalComments: "none",
    banner: { js: "// The fake ego-browser launcher, bundled by ego-conformance (fake-bridge/server/launcher-bundle.ts). Generated: do not edit." },
    plugins: [zodStub],
    logLevel: "silent",
  }).then((result) => result.outputFiles[0]!.text);
  return built;
}
