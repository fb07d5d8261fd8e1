/**
 * An app bundle's `Contents/Info.plist` for the fake install: a dictionary of strings, written
 * as an XML property list or as a binary one (`bplist00`, the format of Apple's
 * CoreFoundation: header, objects, offset table, 32-byte trailer). Only what an Info.plist of the
 * fake needs: string keys and string values.
 */
export type PlistFormat = "xml" | "binary";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function xmlPlist(entries: Readonly<Record<string, string>>): string {
  const body = Object.entries(entries)
    .map(([k, v]) => `\t<key>${escapeXml(k)}</key>\n\t<string>${escapeXml(v)}</string>`)
    .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    "<dict>",
    body,
    "</dict>",
    "</plist>",
    "",
  ].join("\n");
}

/** The marker byte(s) of an object with a count: the count in the low nibble, or 0xF and an int object. */
function withCount(kind: number, count: number): Buffer {
  if (count < 15) return Buffer.from([(kind << 4) | count]);
  return Buffer.concat([Buffer.from([(kind << 4) | 0xf]), intObject(count)]);
}

function intObject(n: number): Buffer {
  if (n < 0x100) return Buffer.from([0x10, n]);
  if (n < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = 0x11;
    b.writeUInt16BE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = 0x12;
  b.writeUInt32BE(n, 1);
  return b;
}

function stringObject(s: string): Buffer {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(s)) return Buffer.concat([withCount(0x5, s.length), Buffer.from(s, "ascii")]);
  const utf16 = Buffer.from(s, "utf16le").swap16(); // UTF-16BE; the count is in code units
  return Buffer.concat([withCount(0x6, s.length), utf16]);
}

function uintBytes(n: number, size: number): Buffer {
  const b = Buffer.alloc(size);
  b.writeUIntBE(n, 0, size);
  return b;
}

const sizeFor = (max: number) => (max < 0x100 ? 1 : max < 0x10000 ? 2 : 4);

export function binaryPlist(entries: Readonly<Record<string, string>>): Buffer {
  const pairs = Object.entries(entries);
  // object 0 is the dict, then every key, then every value
  const strings = [...pairs.map(([k]) => k), ...pairs.map(([, v]) => v)];
  const count = 1 + strings.length;
  const refSize = sizeFor(count - 1);
  const dict = Buffer.concat([withCount(0xd, pairs.length), ...strings.map((_, i) => uintBytes(i + 1, refSize))]);
  const objects = [dict, ...strings.map(stringObject)];
  const header = Buffer.from("bplist00", "latin1");
  const offsets: number[] = [];
  let at = header.length;
  for (const o of objects) {
    offsets.push(at);
    at += o.length;
  }
  const offsetTableOffset = at;
  const offsetSize = sizeFor(Math.max(...offsets));
  const table = Buffer.concat(offsets.map((o) => uintBytes(o, offsetSize)));
  const trailer = Buffer.alloc(32);
  trailer[6] = offsetSize;
  trailer[7] = refSize;
  trailer.writeBigUInt64BE(BigInt(count), 8);
  trailer.writeBigUInt64BE(0n, 16);
  trailer.writeBigUInt64BE(BigInt(offsetTableOffset), 24);
  return Buffer.concat([header, ...objects, table, trailer]);
}

export function infoPlist(entries: Readonly<Record<string, string>>, format: PlistFormat): Buffer {
  return format === "xml" ? Buffer.from(xmlPlist(entries), "utf8") : binaryPlist(entries);
}
