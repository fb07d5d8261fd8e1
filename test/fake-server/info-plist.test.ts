// The fake install's Info.plist writer, read back by the harness's own property-list reader
// (src/targets/detect/plist.ts) in both formats, and the bundle layout detection looks for.
import { readFile, readlink, realpath } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { binaryPlist, xmlPlist } from "../../fake-bridge/server/info-plist.js";
import { installFakeEgoLite } from "../../fake-bridge/server/install.js";
import { parsePlist, plistFormat, readBundleShortVersion } from "../../src/targets/detect/plist.js";
import { tempDir } from "../support/temp-dir.js";

const entries = fc.dictionary(fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }), fc.oneof(fc.string({ unit: "grapheme", maxLength: 300 }), fc.string({ maxLength: 300 })), { maxKeys: 20 });

describe("Info.plist writer", () => {
  it("writes binary property lists the reader parses back exactly (long, non-ASCII, many keys)", () => {
    fc.assert(
      fc.property(entries, (dict) => {
        // the one key bplist-parser cannot keep (see the test below); CI's fast-check seed -589572170 found it
        fc.pre(!Object.hasOwn(dict, "__proto__"));
        const bytes = binaryPlist(dict);
        expect(plistFormat(bytes)).toBe("binary");
        expect(parsePlist(bytes)).toEqual(dict);
      }),
      { numRuns: 200 },
    );
  });

  it("a binary property list's `__proto__` key is dropped by the reader, and cannot lend the object a version through its prototype", () => {
    const dict = JSON.parse('{"__proto__": {"CFBundleShortVersionString": "9.9.9.9"}, "CFBundleName": "Ego Lite"}') as Record<string, unknown>;
    const read = parsePlist(binaryPlist(dict as never)) as Record<string, unknown>;
    expect(read).toEqual({ CFBundleName: "Ego Lite" });
    expect(read.CFBundleShortVersionString).toBeUndefined();
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
  });

  it("writes XML property lists the reader parses back exactly", () => {
    fc.assert(
      fc.property(entries, (dict) => {
        // XML 1.0 cannot carry most control characters; an Info.plist never holds them
        fc.pre(Object.entries(dict).every(([k, v]) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(k + v) && !/[\ud800-\udfff]/.test(k + v)));
        const text = xmlPlist(dict);
        expect(parsePlist(Buffer.from(text, "utf8"))).toEqual(dict);
      }),
      { numRuns: 200 },
    );
  });
});

describe("installing with an app bundle", () => {
  it.each(["xml", "binary"] as const)("lays out a %s Info.plist and the framework helper detection finds", async (format) => {
    const dir = await tempDir("bundle");
    const installed = await installFakeEgoLite({ dir, appDir: join(dir, "app"), version: "0.5.0.19", appBundle: format });
    expect(installed.bundlePath).toBe(join(dir, "ego lite.app"));
    expect(await readBundleShortVersion(installed.bundlePath!)).toMatchObject({ status: "available", version: "0.5.0.19", format });
    expect(await readlink(installed.cliPath)).toBe("ego lite.app/Contents/Frameworks/ego Framework.framework/Versions/Current/Helpers/ego-browser");
    expect(await realpath(installed.cliPath)).toBe(join(dir, "ego lite.app/Contents/Frameworks/ego Framework.framework/Versions/A/Helpers/ego-browser"));
    expect(await readFile(installed.cliPath, "utf8")).toMatch(/^#!\/bin\/sh\n[\s\S]*env -u NODE_OPTIONS /);
  });
});
