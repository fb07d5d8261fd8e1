// Finding the ego-browser CLI: flag, then EGO_BROWSER_BIN, then PATH, then app bundles (case-
// insensitive), with the bundle that holds the CLI for its Info.plist.
import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CliNotFoundError, describeSource, locateCli } from "../../src/targets/detect/locate-cli.js";
import { tempDir } from "../support/temp-dir.js";

async function executable(path: string, mode = 0o755): Promise<string> {
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, "#!/bin/sh\nexit 0\n");
  await chmod(path, mode);
  return path;
}

const HELPER = "Contents/Frameworks/ego Framework.framework/Versions/Current/Helpers/ego-browser";

describe("locateCli", () => {
  it("takes the flag first, then EGO_BROWSER_BIN, then PATH, then app bundles", async () => {
    const root = await tempDir("locate");
    const flag = await executable(join(root, "flag/ego-browser"));
    const env = await executable(join(root, "env/ego-browser"));
    const onPath = await executable(join(root, "bin/ego-browser"));
    const apps = join(root, "Applications");
    const bundled = await executable(join(apps, "ego lite.app", HELPER));
    const base = { PATH: join(root, "bin"), EGO_BROWSER_BIN: env };

    expect(await locateCli({ flag, env: base, appDirs: [apps] })).toMatchObject({ path: flag, source: "flag" });
    expect(await locateCli({ env: base, appDirs: [apps] })).toMatchObject({ path: env, source: "env" });
    expect(await locateCli({ env: { PATH: base.PATH }, appDirs: [apps] })).toMatchObject({ path: onPath, source: "path" });
    expect(await locateCli({ env: { PATH: join(root, "nowhere") }, appDirs: [apps] })).toMatchObject({ path: bundled, source: "app-bundle", bundle: join(apps, "ego lite.app") });
  });

  it("never falls through from an explicit choice that is not an executable", async () => {
    const root = await tempDir("locate-explicit");
    const onPath = await executable(join(root, "bin/ego-browser"));
    const notExecutable = await executable(join(root, "x/ego-browser"), 0o644);
    await expect(locateCli({ flag: join(root, "missing"), env: { PATH: join(root, "bin") } })).rejects.toThrow(/--ego-browser names .*missing, which is not an executable file/);
    await expect(locateCli({ env: { PATH: join(root, "bin"), EGO_BROWSER_BIN: notExecutable } })).rejects.toThrow(/EGO_BROWSER_BIN names/);
    await expect(locateCli({ flag: join(root, "bin") , env: {} })).rejects.toThrow(CliNotFoundError);
    expect((await locateCli({ env: { PATH: join(root, "bin") } })).path).toBe(onPath);
  });

  it("skips PATH entries without an executable ego-browser and keeps PATH order", async () => {
    const root = await tempDir("locate-path");
    await executable(join(root, "a/ego-browser"), 0o644);
    await mkdir(join(root, "b/ego-browser"), { recursive: true });
    const c = await executable(join(root, "c/ego-browser"));
    await executable(join(root, "d/ego-browser"));
    expect((await locateCli({ env: { PATH: ["a", "b", "c", "d"].map((d) => join(root, d)).join(":") }, appDirs: [] })).path).toBe(c);
  });

  it("matches the app name case-insensitively, in /Applications before ~/Applications", async () => {
    const root = await tempDir("locate-apps");
    const system = join(root, "Applications");
    const user = join(root, "home/Applications");
    await mkdir(join(system, "Other.app"), { recursive: true });
    const upper = await executable(join(user, "Ego Lite.app", HELPER));
    expect(await locateCli({ env: {}, appDirs: [system, user] })).toMatchObject({ path: upper, bundle: join(user, "Ego Lite.app") });
    const lower = await executable(join(system, "EGO LITE.app", HELPER));
    expect((await locateCli({ env: {}, appDirs: [system, user] })).path).toBe(lower);
  });

  it("falls back to any executable ego-browser under Contents", async () => {
    const root = await tempDir("locate-contents");
    const cli = await executable(join(root, "ego lite.app/Contents/MacOS/tools/ego-browser"));
    expect(await locateCli({ env: {}, appDirs: [root] })).toMatchObject({ path: cli, source: "app-bundle" });
  });

  it("finds the bundle behind a PATH symlink (onboarding's ~/.local/bin link)", async () => {
    const root = await tempDir("locate-link");
    const inApp = await executable(join(root, "Applications/ego lite.app", HELPER));
    await mkdir(join(root, "home/.local/bin"), { recursive: true });
    await symlink(inApp, join(root, "home/.local/bin/ego-browser"));
    const found = await locateCli({ env: { PATH: join(root, "home/.local/bin") }, appDirs: [] });
    expect(found).toMatchObject({ path: join(root, "home/.local/bin/ego-browser"), source: "path", bundle: join(root, "Applications/ego lite.app") });
    expect(describeSource(found)).toBe("PATH");
  });

  it("says everywhere it looked when there is nothing", async () => {
    const root = await tempDir("locate-none");
    const error = await locateCli({ env: { PATH: join(root, "bin") }, appDirs: [join(root, "Applications")] }).catch((e: unknown) => e as CliNotFoundError);
    expect(error).toBeInstanceOf(CliNotFoundError);
    expect((error as CliNotFoundError).searched).toEqual([`PATH: ${join(root, "bin")}`, `${join(root, "Applications")}: no ego lite.app`]);
    expect((error as Error).message).toMatch(/--ego-browser PATH or EGO_BROWSER_BIN/);
  });
});
