/**
 * Property lists, XML or binary, and the app bundle's `CFBundleShortVersionString` that detection
 * reads from them (research 3.3). Never throws for a missing or unreadable plist: the reading says why
 * there is no version.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { isBinaryPlist, parseBinaryPlist } from "./plist-binary.js";
import { isPlistDict, PlistError, type PlistValue } from "./plist-value.js";
import { parseXmlPlist } from "./plist-xml.js";

export { PlistError, type PlistValue } from "./plist-value.js";
export { parseBinaryPlist } from "./plist-binary.js";
export { parseXmlPlist } from "./plist-xml.js";

export type PlistFormat = "binary" | "xml";

export function plistFormat(bytes: Uint8Array): PlistFormat {
  return isBinaryPlist(bytes) ? "binary" : "xml";
}

/** Parse a property list in either format (the header decides). */
export function parsePlist(bytes: Uint8Array): PlistValue {
  if (isBinaryPlist(bytes)) return parseBinaryPlist(bytes);
  if (bytes.length >= 6 && Buffer.from(bytes.subarray(0, 6)).toString("latin1").startsWith("bplist")) {
    throw new PlistError(`unsupported binary property list version ${Buffer.from(bytes.subarray(0, 8)).toString("latin1")}`);
  }
  let text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return parseXmlPlist(text);
}

export function infoPlistPath(bundlePath: string): string {
  return join(bundlePath, "Contents", "Info.plist");
}

export type BundleVersionReading =
  | { status: "available"; version: string; plistPath: string; format: PlistFormat }
  | { status: "unavailable"; plistPath: string; reason: string };

/** `CFBundleShortVersionString` of an app bundle (`<bundle>/Contents/Info.plist`). */
export async function readBundleShortVersion(bundlePath: string): Promise<BundleVersionReading> {
  const plistPath = infoPlistPath(bundlePath);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(plistPath);
  } catch (error) {
    return { status: "unavailable", plistPath, reason: `cannot read ${plistPath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  let root: PlistValue;
  try {
    root = parsePlist(bytes);
  } catch (error) {
    return { status: "unavailable", plistPath, reason: `${plistPath} is not a readable property list: ${(error as Error).message}` };
  }
  if (!isPlistDict(root)) return { status: "unavailable", plistPath, reason: `${plistPath} does not hold a dictionary` };
  const version = root.CFBundleShortVersionString;
  if (typeof version !== "string" || version.trim() === "") {
    return { status: "unavailable", plistPath, reason: `${plistPath} has no CFBundleShortVersionString string (found ${version === undefined ? "nothing" : JSON.stringify(String(version))})` };
  }
  return { status: "available", version: version.trim(), plistPath, format: plistFormat(bytes) };
}
