/**
 * Test support: writes property lists with maintained writers that share no code with the
 * readers under test: XML with the `plist` package, binary with `bplist-creator`. Only a binary
 * plist whose reference and offset widths are forced wider than needed (as some writers do) is
 * laid out here, following CFBinaryPList.c (objects, offset table, 32-byte trailer): no library
 * writer lets the widths be chosen.
 */
import bplistCreator from "bplist-creator";
import { build } from "plist";
import type { PlistDict, PlistValue } from "../../../src/targets/detect/plist-value.js";

export interface BinaryWriteOptions {
  /** bytes per object reference (default: the smallest that fits) */
  refSize?: 1 | 2 | 4 | 8;
  /** bytes per offset-table entry (default: the smallest that fits) */
  offsetSize?: 1 | 2 | 4 | 8;
}

const APPLE_EPOCH_MS = Date.UTC(2001, 0, 1);

function smallest(max: number): 1 | 2 | 4 | 8 {
  if (max < 0x100) return 1;
  if (max < 0x10000) return 2;
  if (max < 0x100000000) return 4;
  return 8;
}

function uint(value: number, size: number): number[] {
  const out: number[] = [];
  let v = BigInt(value);
  for (let i = 0; i < size; i++) {
    out.unshift(Number(v & 0xffn));
    v >>= 8n;
  }
  return out;
}

function isAscii(s: string): boolean {
  return /^[\x00-\x7f]*$/.test(s);
}

export function writeBinaryPlist(root: PlistValue, options: BinaryWriteOptions = {}): Uint8Array {
  if (options.refSize === undefined && options.offsetSize === undefined) return new Uint8Array(bplistCreator(root as object));
  return writeBinaryPlistWithWidths(root, options);
}

function writeBinaryPlistWithWidths(root: PlistValue, options: BinaryWriteOptions): Uint8Array {
  // 1. Flatten into a list of objects; containers hold indexes of their children.
  type Flat = { value: PlistValue; children?: number[]; keys?: number[] };
  const objects: Flat[] = [];
  const add = (value: PlistValue): number => {
    const index = objects.length;
    const flat: Flat = { value };
    objects.push(flat);
    if (Array.isArray(value)) flat.children = value.map(add);
    else if (isDict(value)) {
      const entries = Object.entries(value);
      flat.keys = entries.map(([k]) => add(k));
      flat.children = entries.map(([, v]) => add(v));
    }
    return index;
  };
  add(root);
  const refSize = options.refSize ?? smallest(objects.length - 1);

  const marker = (type: number, n: number): number[] => (n < 15 ? [(type << 4) | n] : [(type << 4) | 0xf, ...intObject(n)]);

  // 2. Encode each object.
  const encoded = objects.map((flat): number[] => {
    const v = flat.value;
    if (v === null) return [0x00];
    if (v === false) return [0x08];
    if (v === true) return [0x09];
    if (typeof v === "bigint") return intObject(v);
    if (typeof v === "number") {
      if (Number.isInteger(v) && !Object.is(v, -0)) return intObject(BigInt(v));
      const b = new DataView(new ArrayBuffer(8));
      b.setFloat64(0, v);
      return [0x23, ...new Uint8Array(b.buffer)];
    }
    if (typeof v === "string") {
      if (isAscii(v)) return [...marker(0x5, v.length), ...Buffer.from(v, "latin1")];
      const units: number[] = [];
      for (let i = 0; i < v.length; i++) units.push(v.charCodeAt(i) >> 8, v.charCodeAt(i) & 0xff);
      return [...marker(0x6, v.length), ...units];
    }
    if (v instanceof Date) {
      const b = new DataView(new ArrayBuffer(8));
      b.setFloat64(0, (v.getTime() - APPLE_EPOCH_MS) / 1000);
      return [0x33, ...new Uint8Array(b.buffer)];
    }
    if (v instanceof Uint8Array) return [...marker(0x4, v.length), ...v];
    const refs = (list: number[]) => list.flatMap((r) => uint(r, refSize));
    if (Array.isArray(v)) return [...marker(0xa, flat.children!.length), ...refs(flat.children!)];
    return [...marker(0xd, flat.keys!.length), ...refs(flat.keys!), ...refs(flat.children!)];
  });

  // 3. Lay out: header, objects, offset table, trailer.
  const bytes: number[] = [...Buffer.from("bplist00", "latin1")];
  const offsets: number[] = [];
  for (const e of encoded) {
    offsets.push(bytes.length);
    bytes.push(...e);
  }
  const tableOffset = bytes.length;
  const offsetSize = options.offsetSize ?? smallest(Math.max(...offsets));
  for (const o of offsets) bytes.push(...uint(o, offsetSize));
  bytes.push(0, 0, 0, 0, 0, 0, offsetSize, refSize, ...uint(objects.length, 8), ...uint(0, 8), ...uint(tableOffset, 8));
  return new Uint8Array(bytes);
}

/** An int object: 1, 2 or 4 bytes unsigned for small non-negative values, else 8 bytes signed. */
function intObject(value: bigint | number): number[] {
  const v = BigInt(value);
  if (v >= 0n && v < 0x100n) return [0x10, ...uint(Number(v), 1)];
  if (v >= 0n && v < 0x10000n) return [0x11, ...uint(Number(v), 2)];
  if (v >= 0n && v < 0x100000000n) return [0x12, ...uint(Number(v), 4)];
  const b = new DataView(new ArrayBuffer(8));
  b.setBigInt64(0, v);
  return [0x13, ...new Uint8Array(b.buffer)];
}

function isDict(v: PlistValue): v is PlistDict {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof Uint8Array);
}

export function writeXmlPlist(root: PlistValue): string {
  if (root === null) throw new Error("XML property lists have no null");
  return `${build(root as Parameters<typeof build>[0])}\n`;
}

/** The Info.plist of a macOS app, as Xcode writes it (a subset), with the given short version. */
export function infoPlist(shortVersion: string): PlistDict {
  return {
    CFBundleDevelopmentRegion: "en",
    CFBundleExecutable: "ego lite",
    CFBundleIdentifier: "com.citrolabs.ego.lite",
    CFBundleInfoDictionaryVersion: "6.0",
    CFBundleName: "ego lite",
    CFBundlePackageType: "APPL",
    CFBundleShortVersionString: shortVersion,
    CFBundleVersion: shortVersion,
    LSMinimumSystemVersion: "11.0",
    NSHighResolutionCapable: true,
    LSApplicationCategoryType: "public.app-category.productivity",
  };
}
