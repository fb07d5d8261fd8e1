// What a persona does in the fake is one file (fake-bridge/personas/persona-behaviour.ts): its
// features and the open details it chose become switches there and nowhere else, and
// every open detail it plays otherwise is an unspecified clause of the catalogue.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { NEWEST_BUILD } from "../../src/contract/build-features.js";
import { FEATURE_NAMES } from "../../src/contract/features.js";
import { resolveBehaviour } from "../../fake-bridge/behaviour/behaviour.js";
import { OPEN_DETAIL_SWITCHES, personaBehaviour } from "../../fake-bridge/personas/persona-behaviour.js";

const ROOT = join(import.meta.dirname, "../..");
const ONE_FILE = "fake-bridge/personas/persona-behaviour.ts";

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

describe("a persona's behaviour", () => {
  it("every open detail the fake plays otherwise is an unspecified clause's, and sets its switch", () => {
    for (const [id, detail] of Object.entries(OPEN_DETAIL_SWITCHES)) {
      const clause = CATALOGUE.find((c) => c.id === id);
      expect(clause?.unspecified, `${id} is an unspecified clause of the catalogue`).toBeDefined();
      expect(personaBehaviour(NEWEST_BUILD.features)[detail.switch], `${id}: the fake's own choice by default`).toBe(false);
      expect(personaBehaviour(NEWEST_BUILD.features, { [id]: "as-the-fake-chose" })[detail.switch]).toBe(false);
      expect(personaBehaviour(NEWEST_BUILD.features, { [id]: "differs-from-the-fake" })[detail.switch], `${id}: the other choice`).toBe(true);
    }
    const other = resolveBehaviour({ features: NEWEST_BUILD.features, openDetails: { "snapshot.page.action-marks": "differs-from-the-fake", "snapshot.page.loc.href-form": "differs-from-the-fake" } });
    expect(other.actionMarksByDefault).toBe(true);
    expect(other.pageSnapshotMutants.hrefLocatorsAbsolute).toBe(true);
    expect(other.mutants.size, "an open detail is no mutant").toBe(0);
  });

  // a feature named in code (features.has("reason-keys"), as app/prompts.ts once read the dialog's
  // key): listing the build's features for a report (features.has(f)) is no read of one
  it(`only ${ONE_FILE} reads a build feature in the fake`, () => {
    const feature = new RegExp(`["'](${FEATURE_NAMES.join("|")})["']`);
    const readers = sources("fake-bridge").filter((f) => f !== ONE_FILE && !f.startsWith("fake-bridge/mutants/")).filter((f) => {
      const text = readFileSync(join(ROOT, f), "utf8");
      return /features\.has\(\s*["']/.test(text) || feature.test(text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ""));
    });
    expect(readers).toEqual([]);
  });
});
