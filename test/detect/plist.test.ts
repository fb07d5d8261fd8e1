// Property lists: the XML and binary readers against fixed files from an independent writer
// (Python's plistlib), against the test writer (the `plist` and `bplist-creator` packages;
// property-based round trips), and
// CFBundleShortVersionString from an app bundle in both formats.
import { mkdir, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePlist, parseBinaryPlist, parseXmlPlist, PlistError, readBundleShortVersion, type PlistValue } from "../../src/targets/detect/plist.js";
import { infoPlist, writeBinaryPlist, writeXmlPlist } from "./support/plist-writer.js";
import { tempDir } from "../support/temp-dir.js";

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "fixtures", name)));

const TYPES = {
  name: "ego lité ✓",
  ints: [0, 255, 256, 65535, 65536, 4294967295, 4294967296, -1, -9007199254740991, 9223372036854775807n],
  real: 1.5,
  date: new Date("2026-08-20T12:00:00Z"),
  data: new Uint8Array([0, 1, 255]),
  nested: { a: [true, false, { b: "c" }] },
};

describe("plist reader: fixed files from plistlib", () => {
  it.each(["binary", "xml"])("reads an Info.plist (%s)", (format) => {
    expect(parsePlist(fixture(`info-0.5.0.19.${format}.plist`))).toEqual({
      CFBundleShortVersionString: "0.5.0.19",
      CFBundleIdentifier: "com.citrolabs.ego.lite",
      LSUIElement: false,
      NSHighResolutionCapable: true,
    });
  });

  it.each(["binary", "xml"])("reads UTF-16 strings, ints of every width, reals, dates, data and nesting (%s)", (format) => {
    expect(parsePlist(fixture(`types.${format}.plist`))).toEqual(TYPES);
  });

  it("reads 2-byte object references and offsets", () => {
    const value = parsePlist(fixture("wide-refs.binary.plist")) as Record<string, PlistValue>;
    expect(Object.keys(value)).toHaveLength(201);
    expect(value.k199).toBe(199);
    expect(value.CFBundleShortVersionString).toBe("1.2.3.4");
  });
});

const key = fc.string({ maxLength: 12 }).filter((k) => k !== "__proto__");
const text = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: "grapheme", maxLength: 20 }), fc.string({ unit: "binary", maxLength: 20 }));
const leaf = fc.oneof(
  text,
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((b) => (b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b)),
  fc.boolean(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
);
const { tree } = fc.letrec<{ tree: PlistValue; node: PlistValue }>((tie) => ({
  tree: fc.dictionary(key, tie("node"), { maxKeys: 6 }) as fc.Arbitrary<PlistValue>,
  node: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("node"), { maxLength: 5 }), tie("tree")) as fc.Arbitrary<PlistValue>,
}));

describe("plist reader: round trips through the test writer", () => {
  it("binary: random dicts of strings, ints, bools, reals and arrays", () => {
    fc.assert(fc.property(tree, (value) => { expect(parseBinaryPlist(writeBinaryPlist(value))).toEqual(value); }), { numRuns: 300 });
  });

  it("binary: with forced wide references and offsets", () => {
    const sizes = fc.constantFrom(1, 2, 4, 8) as fc.Arbitrary<1 | 2 | 4 | 8>;
    fc.assert(
      fc.property(tree, sizes, sizes, (value, refSize, offsetSize) => {
        const count = countObjects(value);
        fc.pre(refSize >= 8 || count < 2 ** (8 * refSize));
        expect(parseBinaryPlist(writeBinaryPlist(value, { refSize, offsetSize: Math.max(offsetSize, 2) as 2 | 4 | 8 }))).toEqual(value);
      }),
      { numRuns: 100 },
    );
  });

  it("binary: strings longer than 14 characters carry their length as an int object", () => {
    const long = "x".repeat(300);
    const utf16 = "é".repeat(70000);
    expect(parseBinaryPlist(writeBinaryPlist({ long, utf16, list: Array.from({ length: 20 }, (_, i) => i) }))).toEqual({ long, utf16, list: Array.from({ length: 20 }, (_, i) => i) });
  });

  it("xml: random dicts round-trip (XML text keeps what XML 1.0 can carry)", () => {
    const xmlSafe = (v: PlistValue): boolean =>
      typeof v === "string" ? !/[\x00-\x08\x0b\x0c\x0e-\x1f\r\ud800-\udfff]/.test(v) : Array.isArray(v) ? v.every(xmlSafe) : typeof v === "object" && v !== null && !(v instanceof Date) && !(v instanceof Uint8Array) ? Object.entries(v).every(([k, x]) => xmlSafe(k) && xmlSafe(x)) : true;
    fc.assert(
      fc.property(tree.filter(xmlSafe), (value) => { expect(parseXmlPlist(writeXmlPlist(value))).toEqual(value); }),
      { numRuns: 300 },
    );
  });
});

function countObjects(v: PlistValue): number {
  if (Array.isArray(v)) return 1 + v.reduce<number>((n, x) => n + countObjects(x), 0);
  if (typeof v === "object" && v !== null && !(v instanceof Date) && !(v instanceof Uint8Array)) return 1 + Object.entries(v).reduce((n, [, x]) => n + 1 + countObjects(x), 0);
  return 1;
}

describe("plist reader: malformed input is an error that says why", () => {
  const good = writeBinaryPlist({ a: "b" });
  it.each([
    ["a truncated file", good.slice(0, 20), /too short/],
    ["an offset table outside the file", (() => { const b = good.slice(); b[b.length - 1] = 0xff; return b; })(), /offset table/],
    ["a top object out of range", (() => { const b = good.slice(); b[b.length - 9] = 9; return b; })(), /top object/],
    ["an unknown marker", (() => { const b = good.slice(); b[8] = 0x70; return b; })(), /unsupported marker/],
    ["another bplist version", new Uint8Array([...Buffer.from("bplist15"), ...new Uint8Array(40)]), /unsupported binary property list version/],
  ])("binary: %s", (_, bytes, message) => {
    expect(() => parsePlist(bytes as Uint8Array)).toThrow(PlistError);
    expect(() => parsePlist(bytes as Uint8Array)).toThrow(message as RegExp);
  });

  it("binary: a reference cycle is an error, not a hang", () => {
    // one array (object 0) whose single element is object 0 itself
    const bytes = new Uint8Array([...Buffer.from("bplist00"), 0xa1, 0x00, 0x08, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10]);
    expect(() => parsePlist(bytes)).toThrow(/cycle/);
  });

  it.each([
    ["an unclosed dict", "<plist><dict><key>a</key><string>b</string></plist>", /expected <key>|expected <\/plist>/],
    ["a bad integer", "<plist><integer>1.5</integer></plist>", /not an integer/],
    ["an unknown element", "<plist><color>red</color></plist>", /unsupported element <color>/],
    ["an unknown entity", "<plist><string>&nbsp;</string></plist>", /unknown entity/],
    ["markup inside a string", "<plist><string><b>x</b></string></plist>", /holds markup/],
  ])("xml: %s", (_, xml, message) => {
    expect(() => parsePlist(new TextEncoder().encode(xml as string))).toThrow(message as RegExp);
  });

  it("xml: comments, CDATA, character references and self-closing containers", () => {
    const xml = `<?xml version="1.0"?><!-- c --><plist version="1.0"><dict><key>a&amp;b</key><string><![CDATA[<x>]]> &#x2713;&#65;</string><key>d</key><dict/><key>e</key><array/><key>f</key><string/></dict></plist>`;
    expect(parsePlist(new TextEncoder().encode(xml))).toEqual({ "a&b": "<x> ✓A", d: {}, e: [], f: "" });
  });
});

describe("readBundleShortVersion", () => {
  async function bundle(name: string, contents?: Uint8Array | string): Promise<string> {
    const app = join(await tempDir("plist"), name);
    await mkdir(join(app, "Contents"), { recursive: true });
    if (contents !== undefined) await writeFile(join(app, "Contents", "Info.plist"), contents);
    return app;
  }

  it("reads CFBundleShortVersionString from an XML Info.plist", async () => {
    const app = await bundle("ego lite.app", writeXmlPlist(infoPlist("0.5.0.19")));
    expect(await readBundleShortVersion(app)).toEqual({ status: "available", version: "0.5.0.19", plistPath: join(app, "Contents/Info.plist"), format: "xml" });
  });

  it("reads CFBundleShortVersionString from a binary Info.plist", async () => {
    const app = await bundle("Ego Lite.app", writeBinaryPlist(infoPlist("0.4.6.14")));
    expect(await readBundleShortVersion(app)).toMatchObject({ status: "available", version: "0.4.6.14", format: "binary" });
  });

  it("says why when there is no version", async () => {
    expect(await readBundleShortVersion(await bundle("none.app"))).toMatchObject({ status: "unavailable", reason: /ENOENT/ });
    expect(await readBundleShortVersion(await bundle("bad.app", "not a plist"))).toMatchObject({ status: "unavailable", reason: /not a readable property list/ });
    expect(await readBundleShortVersion(await bundle("nokey.app", writeXmlPlist({ CFBundleVersion: "1" })))).toMatchObject({ status: "unavailable", reason: /no CFBundleShortVersionString/ });
    expect(await readBundleShortVersion(await bundle("list.app", writeXmlPlist(["0.5.0.19"])))).toMatchObject({ status: "unavailable", reason: /does not hold a dictionary/ });
  });
});
