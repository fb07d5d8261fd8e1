// `fake start --dir EXISTING` once changed the directory's mode to 0700. A
// directory the fake did not create is left as it is: used when only its user can reach it
// (no group or other bits), refused with a message naming it and its mode otherwise.
import { chmod, mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AppDirError, ensureAppDir } from "../../fake-bridge/server/app-dir.js";
import { tempDir } from "../support/temp-dir.js";

const modeOf = async (dir: string) => (await stat(dir)).mode & 0o777;

describe("the fake app's directory", () => {
  it("is created with mode 0700 when missing", async () => {
    const dir = join(await tempDir("app-dir"), "a", "app");
    await ensureAppDir(dir);
    expect(await modeOf(dir)).toBe(0o700);
  });

  it.each([0o755, 0o750, 0o705, 0o777, 0o1777])("an existing directory of mode %o is refused and left as it was", async (mode) => {
    const dir = join(await tempDir("app-dir"), "mine");
    await mkdir(dir);
    await chmod(dir, mode);
    const before = (await stat(dir)).mode & 0o7777;
    await expect(ensureAppDir(dir)).rejects.toThrow(AppDirError);
    await expect(ensureAppDir(dir)).rejects.toThrow(new RegExp(`${dir}.*mode is 0${(mode & 0o777).toString(8)}`));
    expect((await stat(dir)).mode & 0o7777).toBe(before);
  });

  it.each([0o700])("an existing directory of mode %o only its user reaches is used unchanged", async (mode) => {
    const dir = join(await tempDir("app-dir"), "mine");
    await mkdir(dir);
    await chmod(dir, mode);
    await ensureAppDir(dir);
    expect(await modeOf(dir)).toBe(mode);
    await chmod(dir, 0o700);
  });
});
