// The checkout bundle (src/processes/checkout-bundle.mjs) the CLI and the fake app start from:
// each module keeps its own import.meta paths, the cached bundle is reused while its inputs are
// unchanged and rebuilt when one changes, and a packed build or EGO_CONFORMANCE_NO_BUNDLE=1 gets
// none (the caller then loads tsx). esbuild runs its own process: an e2e file.
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { checkoutBundle } from "../../src/processes/checkout-bundle.mjs";
import { tempDir } from "../support/temp-dir.js";

async function checkout(): Promise<string> {
  const root = await tempDir("checkout-bundle");
  await mkdir(join(root, "src/a"), { recursive: true });
  await mkdir(join(root, "src/b"), { recursive: true });
  await writeFile(join(root, "src/a/main.ts"), `import { where } from "../b/where.js";\nexport const main = (): string[] => [import.meta.dirname, ...where()];\n`);
  await writeFile(join(root, "src/b/where.ts"), `export const where = (): string[] => [import.meta.dirname, import.meta.filename, import.meta.url, "v1"];\n`);
  return root;
}

const load = async (bundle: string) => ((await import(`${pathToFileURL(bundle).href}?t=${Date.now()}`)) as { main: () => string[] }).main();

describe("checkout bundle", () => {
  it("keeps each module's import.meta paths those of its source file", async () => {
    const root = await checkout();
    const bundle = await checkoutBundle("src/a/main.ts", { root });
    expect(bundle).toBe(join(root, ".cache/bundles/src_a_main.mjs"));
    const where = join(root, "src/b/where.ts");
    expect(await load(bundle!)).toEqual([join(root, "src/a"), join(root, "src/b"), where, pathToFileURL(where).href, "v1"]);
  });

  it("reuses the bundle while its inputs are unchanged, and rebuilds it when one changes", async () => {
    const root = await checkout();
    const first = (await checkoutBundle("src/a/main.ts", { root }))!;
    const built = (await stat(first)).mtimeMs;
    expect(await checkoutBundle("src/a/main.ts", { root })).toBe(first);
    expect((await stat(first)).mtimeMs).toBe(built);
    await writeFile(join(root, "src/b/where.ts"), (await readFile(join(root, "src/b/where.ts"), "utf8")).replace("v1", "v2-longer"));
    expect(await checkoutBundle("src/a/main.ts", { root })).toBe(first);
    expect((await load(first)).at(-1)).toBe("v2-longer");
  });

  it("gives none in a packed build, with EGO_CONFORMANCE_NO_BUNDLE=1, or when the entry cannot be built", async () => {
    const packed = await checkout();
    await writeFile(join(packed, ".ego-conformance-build"), "");
    expect(await checkoutBundle("src/a/main.ts", { root: packed })).toBeUndefined();
    const root = await checkout();
    expect(await checkoutBundle("src/a/missing.ts", { root })).toBeUndefined();
    process.env.EGO_CONFORMANCE_NO_BUNDLE = "1";
    try {
      expect(await checkoutBundle("src/a/main.ts", { root })).toBeUndefined();
    } finally {
      delete process.env.EGO_CONFORMANCE_NO_BUNDLE;
    }
  });
});
