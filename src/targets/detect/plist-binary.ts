/**
 * Reads Apple's binary property list format with the `bplist-parser` package, after checking the
 * layout against CFBinaryPList.c's, since the package trusts the file's offsets (a bad offset reads
 * garbage, a reference cycle overflows the stack).
 */
import { parseBuffer, UID } from "bplist-parser";
import { PlistError, type PlistDict, type PlistValue } from "./plist-value.js";

export const BINARY_PLIST_MAGIC = "bplist00";
const TRAILER_SIZE = 32;
/** marker types (high nibble): null/bool/fill, int, real, date, data, ASCII, UTF-16, UID, array, set, dict */
const MARKER_TYPES = new Set([0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x8, 0xa, 0xc, 0xd]);

export function isBinaryPlist(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && String.fromCharCode(...bytes.subarray(0, 8)) === BINARY_PLIST_MAGIC;
}

export function parseBinaryPlist(bytes: Uint8Array): PlistValue {
  if (!isBinaryPlist(bytes)) throw new PlistError("not a binary property list (no bplist00 header)");
  checkLayout(bytes);
  let root: unknown;
  try {
    root = parseBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))[0];
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new PlistError("binary property list holds a reference cycle (or nests deeper than the stack)");
    }
    throw new PlistError(`binary property list is malformed: ${(error as Error).message}`);
  }
  return toPlistValue(root);
}

/** The trailer, the offset table and each object's marker, bounds-checked. */
function checkLayout(bytes: Uint8Array): void {
  if (bytes.length < 8 + TRAILER_SIZE) throw new PlistError(`binary property list too short (${bytes.length} bytes)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const t = bytes.length - TRAILER_SIZE;
  const offsetIntSize = view.getUint8(t + 6);
  const refSize = view.getUint8(t + 7);
  const numObjects = toIndex(view.getBigUint64(t + 8), "object count");
  const topObject = toIndex(view.getBigUint64(t + 16), "top object");
  const tableOffset = toIndex(view.getBigUint64(t + 24), "offset table offset");
  if (![1, 2, 4, 8].includes(offsetIntSize) || ![1, 2, 4, 8].includes(refSize)) {
    throw new PlistError(`binary property list trailer has invalid sizes (offsets ${offsetIntSize}, refs ${refSize})`);
  }
  if (numObjects === 0 || topObject >= numObjects) throw new PlistError(`binary property list top object ${topObject} is not among its ${numObjects} objects`);
  if (tableOffset < 8 || tableOffset + numObjects * offsetIntSize > t) throw new PlistError("binary property list offset table lies outside the file");
  for (let ref = 0; ref < numObjects; ref++) {
    const at = tableOffset + ref * offsetIntSize;
    const offset = offsetIntSize === 8 ? toIndex(view.getBigUint64(at), `offset of object ${ref}`) : readUIntBE(bytes, at, offsetIntSize);
    if (offset < 8 || offset >= tableOffset) throw new PlistError(`object ${ref} has offset ${offset} outside the object area`);
    const marker = bytes[offset]!;
    if (!MARKER_TYPES.has(marker >> 4)) throw new PlistError(`object at ${offset}: unsupported marker 0x${marker.toString(16).padStart(2, "0")}`);
  }
}

function readUIntBE(bytes: Uint8Array, at: number, size: number): number {
  let n = 0;
  for (let i = 0; i < size; i++) n = n * 256 + bytes[at + i]!;
  return n;
}

function toIndex(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new PlistError(`binary property list ${what} is too large (${value})`);
  return Number(value);
}

function toPlistValue(value: unknown): PlistValue {
  if (value instanceof UID) return value.UID;
  if (Buffer.isBuffer(value)) return new Uint8Array(value);
  if (Array.isArray(value)) return value.map(toPlistValue);
  if (value instanceof Date || value === null || typeof value !== "object") return value as PlistValue;
  const dict: PlistDict = {};
  for (const [key, v] of Object.entries(value)) {
    Object.defineProperty(dict, key, { value: toPlistValue(v), enumerable: true, writable: true, configurable: true });
  }
  return dict;
}
