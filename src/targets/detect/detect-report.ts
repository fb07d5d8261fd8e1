/**
 * `ego-conformance detect` output: a table for people, one JSON object for machines.
 */
import { describeSource } from "./locate-cli.js";
import type { Detection } from "./detect.js";
import { versionSourceText } from "./detected-target.js";
import { CURRENT_BUILD_VERSION } from "../../contract/build-features.js";
import { printable } from "../../text/printable.js";

export function detectionJson(d: Detection) {
  return {
    cli: { path: d.cli.path, source: d.cli.source, bundle: d.cli.bundle ?? null, searched: d.cli.searched },
    version: {
      text: d.version.text,
      numeric: d.version.version !== null,
      source: d.version.source,
      from: d.version.from,
      evidence: d.version.evidence,
    },
    bridge: d.bridge,
    bridgeError: d.bridgeError ?? null,
    features: d.features,
    contradictions: d.contradictions,
    disagreements: d.disagreements,
  };
}

function versionLine(d: Detection): string {
  const v = d.version;
  if (v.text === null) return `version unknown — a run judges it as the newest documented build, ${CURRENT_BUILD_VERSION}`;
  if (v.version === null) return `version unknown (${v.text} is not a four-part version) — a run judges it as the newest documented build, ${CURRENT_BUILD_VERSION}`;
  return v.text;
}

export function renderDetection(d: Detection): string {
  const lines: string[] = ["Ego Lite detection", ""];
  lines.push(`CLI:      ${d.cli.path}`);
  lines.push(`found by: ${describeSource(d.cli)}`);
  lines.push(`version:  ${versionLine(d)}`);
  lines.push(`source:   ${versionSourceText(d)}`);
  lines.push("", "Version sources (first that answers wins):");
  for (const e of d.version.evidence) lines.push(`  ${e.source.padEnd(18)} ${e.text === null ? "-" : e.text}  (${e.detail})`);
  lines.push("");
  if (d.bridge === null) {
    lines.push(`Bridge:   could not be asked: ${d.bridgeError ?? "unknown reason"}`);
  } else {
    lines.push(`Bridge:   globalThis.ego is ${d.bridge.egoType}${d.bridge.sdkWrapped ? " (wrapped by the bundled SDK)" : ""}`);
    const width = Math.max(...d.bridge.methods.map((m) => m.name.length));
    lines.push(`  ${"method".padEnd(width)}  ${"typeof".padEnd(9)}  ${"expected".padEnd(8)}  basis`);
    for (const m of d.bridge.methods) {
      const flag = m.disagrees ? "  <- disagrees" : "";
      lines.push(`  ${m.name.padEnd(width)}  ${m.type.padEnd(9)}  ${m.expected.padEnd(8)}  ${m.basis}${flag}`);
    }
    if (d.bridge.extra.length) lines.push(`  other properties: ${d.bridge.extra.join(", ")}`);
  }
  lines.push("", `Features: ${d.features.length ? d.features.join(", ") : "(none)"}`);
  lines.push("", d.disagreements.length ? `Disagreements: ${d.disagreements.length}` : "Disagreements: none");
  for (const x of d.disagreements) lines.push(`  - ${x}`);
  // the version, the methods' types, the other properties and the errors are the build's own text
  return `${lines.map(printable).join("\n")}\n`;
}
