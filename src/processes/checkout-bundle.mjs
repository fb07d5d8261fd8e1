// One esbuild bundle per entry point of the checkout, so a process starts as plain JavaScript
// instead of transforming each module under tsx (docs/speed.md); on any failure the caller uses tsx.
// EGO_CONFORMANCE_NO_BUNDLE=1 turns it off. Plain JavaScript: it runs before any TypeScript loader.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const CHECKOUT = resolve(import.meta.dirname, "../..");
const OWN_TS = /\.(ts|mts)$/;

/** @param {string} file */
function stamp(file) {
  const s = statSync(file);
  return `${s.size}:${s.mtimeMs}`;
}

/** @param {string} root @param {string} manifestFile @param {string} version */
function fresh(root, manifestFile, version) {
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    if (manifest.esbuild !== version || manifest.root !== root) return false;
    return Object.entries(manifest.inputs).every(([file, s]) => stamp(join(root, file)) === s);
  } catch {
    return false;
  }
}

/** keeps each module's import.meta.* pointing at its source file */
const sourceMeta = {
  name: "source-import-meta",
  /** @param {import("esbuild").PluginBuild} b */
  setup(b) {
    b.onLoad({ filter: OWN_TS }, (args) => {
      if (args.path.includes(`${join("node_modules", "")}`)) return undefined;
      const text = readFileSync(args.path, "utf8");
      if (!text.includes("import.meta")) return { contents: text, loader: "ts" };
      const contents = text
        .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
        .replaceAll("import.meta.filename", JSON.stringify(args.path))
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: "ts" };
    });
  },
};

/**
 * The bundle of `entry` (a path relative to the checkout), built if it is missing or stale.
 * @param {string} entry
 * @param {{ root?: string }} [options] the checkout (default: this one; tests give another)
 * @returns {Promise<string | undefined>} the bundle's path, or undefined (use tsx instead)
 */
export async function checkoutBundle(entry, options = {}) {
  const root = options.root ?? CHECKOUT;
  // a packed build (dist/, scripts/build-package.ts) runs its compiled JavaScript, never a bundle
  if (process.env.EGO_CONFORMANCE_NO_BUNDLE === "1" || existsSync(join(root, ".ego-conformance-build"))) return undefined;
  try {
    const cache = join(root, ".cache", "bundles");
    const name = entry.replace(/\.[cm]?ts$/, "").replaceAll(/[\\/]/g, "_");
    const out = join(cache, `${name}.mjs`);
    const manifestFile = join(cache, `${name}.inputs.json`);
    const require = createRequire(import.meta.url);
    const version = require("esbuild/package.json").version;
    if (fresh(root, manifestFile, version)) return out;
    const { build } = await import("esbuild");
    const result = await build({
      absWorkingDir: root,
      entryPoints: [join(root, entry)],
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      packages: "external",
      write: false,
      metafile: true,
      legalComments: "none",
      logLevel: "silent",
      plugins: [sourceMeta],
      banner: { js: `// ${entry} bundled by src/processes/checkout-bundle.mjs. Generated: do not edit.` },
    });
    const inputs = {};
    for (const file of Object.keys(result.metafile.inputs)) {
      const abs = resolve(root, file);
      inputs[relative(root, abs)] = stamp(abs);
    }
    mkdirSync(cache, { recursive: true });
    // written beside, then renamed: a process reading the cache never sees half a file
    const tmp = `.${process.pid}.${Date.now()}`;
    writeFileSync(out + tmp, result.outputFiles[0].text);
    renameSync(out + tmp, out);
    writeFileSync(manifestFile + tmp, JSON.stringify({ esbuild: version, root, inputs }));
    renameSync(manifestFile + tmp, manifestFile);
    return out;
  } catch {
    return undefined;
  }
}
