/**
 * Reads Apple's binary property list format (`bplist00`), as CoreFoundation writes it
 * (CFBinaryPList.c): the header, the objects, an offset table, and a 32-byte trailer
 *   [6 unused][offsetIntSize][objectRefSize][numObjects:8][topObject:8][offsetTableOffset:8].
 * Object markers (high nibble = type, low nibble = size or size follows as an int object):
 *   0x00 null, 0x08 false, 0x09 true, 0x1n int of 2^n bytes, 0x2n real of 2^n bytes,
 *   0x33 date (float64 seconds since 2001-01-01), 0x4n data, 0x5n ASCII string,
 *   0x6n UTF-16BE string (n code units), 0x8n UID, 0xAn array, 0xCn set, 0xDn dict.
 * Every offset and reference is bounds-checked; a reference cycle is an error, not a hang.
 */
import { PlistError, type PlistDict, type PlistValue } from "./plist-value.js";

export const BINARY_PLIST_MAGIC = "bplist00";
const TRAILER_SIZE = 32;
/** CFAbsoluteTime zero: 2001-01-01T00:00:00Z, in Unix milliseconds. */
const APPLE_EPOCH_MS = Date.UTC(2001, 0, 1);

export function isBinaryPlist(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && String.fromCharCode(...bytes.subarray(0, 8)) === BINARY_PLIST_MAGIC;
}

export function parseBinaryPlist(bytes: Uint8Array): PlistValue {
  if (!isBinaryPlist(bytes)) throw new PlistError("not a binary property list (no bplist00 header)");
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

  const readUInt = (at: number, size: number): number => {
    if (at < 0 || at + size > bytes.length) throw new PlistError(`read of ${size} bytes at ${at} is outside the file`);
    switch (size) {
      case 1:
        return view.getUint8(at);
      case 2:
        return view.getUint16(at);
      case 4:
        return view.getUint32(at);
      case 8:
        return toIndex(view.getBigUint64(at), `value at ${at}`);
      default:
        throw new PlistError(`unsupported integer size ${size}`);
    }
  };

  const objectOffset = (ref: number): number => {
    if (ref >= numObjects) throw new PlistError(`object reference ${ref} is out of range (${numObjects} objects)`);
    const offset = readUInt(tableOffset + ref * offsetIntSize, offsetIntSize);
    if (offset < 8 || offset >= tableOffset) throw new PlistError(`object ${ref} has offset ${offset} outside the object area`);
    return offset;
  };

  /** The count of a marker's low nibble, or the int object that follows when it is 0xF. */
  const count = (at: number, nibble: number): { n: number; start: number } => {
    if (nibble !== 0xf) return { n: nibble, start: at + 1 };
    const marker = readUInt(at + 1, 1);
    if (marker >> 4 !== 0x1) throw new PlistError(`object at ${at}: expected an integer length after marker 0x${(readUInt(at, 1)).toString(16)}`);
    const size = 1 << (marker & 0xf);
    return { n: readUInt(at + 2, size), start: at + 2 + size };
  };

  const visiting = new Set<number>();
  const read = (ref: number): PlistValue => {
    if (visiting.has(ref)) throw new PlistError(`object ${ref} contains itself (reference cycle)`);
    visiting.add(ref);
    try {
      return readObject(objectOffset(ref));
    } finally {
      visiting.delete(ref);
    }
  };

  const refsAt = (start: number, n: number): number[] => Array.from({ length: n }, (_, i) => readUInt(start + i * refSize, refSize));

  const readObject = (at: number): PlistValue => {
    const marker = readUInt(at, 1);
    const type = marker >> 4;
    const low = marker & 0xf;
    switch (type) {
      case 0x0:
        if (marker === 0x00) return null;
        if (marker === 0x08) return false;
        if (marker === 0x09) return true;
        throw new PlistError(`object at ${at}: unsupported marker 0x${marker.toString(16).padStart(2, "0")}`);
      case 0x1:
        return readInt(at + 1, 1 << low);
      case 0x2: {
        const size = 1 << low;
        if (at + 1 + size > bytes.length) throw new PlistError(`real at ${at} runs past the end`);
        if (size === 4) return view.getFloat32(at + 1);
        if (size === 8) return view.getFloat64(at + 1);
        throw new PlistError(`real at ${at} has unsupported size ${size}`);
      }
      case 0x3:
        if (marker !== 0x33 || at + 9 > bytes.length) throw new PlistError(`date at ${at} is malformed`);
        return new Date(APPLE_EPOCH_MS + view.getFloat64(at + 1) * 1000);
      case 0x4: {
        const { n, start } = count(at, low);
        if (start + n > bytes.length) throw new PlistError(`data at ${at} runs past the end`);
        return bytes.slice(start, start + n);
      }
      case 0x5: {
        const { n, start } = count(at, low);
        if (start + n > bytes.length) throw new PlistError(`string at ${at} runs past the end`);
        return Buffer.from(bytes.buffer, bytes.byteOffset + start, n).toString("latin1");
      }
      case 0x6: {
        const { n, start } = count(at, low);
        if (start + 2 * n > bytes.length) throw new PlistError(`UTF-16 string at ${at} runs past the end`);
        let s = "";
        for (let i = 0; i < n; i++) s += String.fromCharCode(view.getUint16(start + 2 * i));
        return s;
      }
      case 0x8:
        return readUInt(at + 1, low + 1);
      case 0xa:
      case 0xc: {
        const { n, start } = count(at, low);
        return refsAt(start, n).map(read);
      }
      case 0xd: {
        const { n, start } = count(at, low);
        const keys = refsAt(start, n);
        const values = refsAt(start + n * refSize, n);
        const dict: PlistDict = {};
        keys.forEach((k, i) => {
          const key = read(k);
          if (typeof key !== "string") throw new PlistError(`dict at ${at}: key ${i} is not a string`);
          Object.defineProperty(dict, key, { value: read(values[i]!), enumerable: true, writable: true, configurable: true });
        });
        return dict;
      }
      default:
        throw new PlistError(`object at ${at}: unsupported marker 0x${marker.toString(16).padStart(2, "0")}`);
    }
  };

  const readInt = (at: number, size: number): number | bigint => {
    if (at + size > bytes.length) throw new PlistError(`integer at ${at - 1} runs past the end`);
    switch (size) {
      case 1:
        return view.getUint8(at);
      case 2:
        return view.getUint16(at);
      case 4:
        return view.getUint32(at);
      case 8:
        return narrow(view.getBigInt64(at));
      case 16:
        // CoreFoundation writes 16 bytes for values above INT64_MAX; the high half is the sign.
        return narrow(BigInt.asIntN(128, (view.getBigUint64(at) << 64n) | view.getBigUint64(at + 8)));
      default:
        throw new PlistError(`integer at ${at - 1} has unsupported size ${size}`);
    }
  };

  return read(topObject);
}

function narrow(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

function toIndex(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new PlistError(`binary property list ${what} is too large (${value})`);
  return Number(value);
}
