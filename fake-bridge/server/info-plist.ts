/**
 * An app bundle's `Contents/Info.plist` for the fake install: a dictionary of strings, written
 * as an XML property list (the `plist` package) or as a binary one (`bplist00`, the
 * `bplist-creator` package).
 */
import bplistCreator from "bplist-creator";
import { build } from "plist";

export type PlistFormat = "xml" | "binary";

export function xmlPlist(entries: Readonly<Record<string, string>>): string {
  return `${build({ ...entries })}\n`;
}

export function binaryPlist(entries: Readonly<Record<string, string>>): Buffer {
  return bplistCreator({ ...entries });
}

export function infoPlist(entries: Readonly<Record<string, string>>, format: PlistFormat): Buffer {
  return format === "xml" ? Buffer.from(xmlPlist(entries), "utf8") : binaryPlist(entries);
}
