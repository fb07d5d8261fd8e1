// `ego-conformance detect` against the fake installed for real: the version from
// getBrowserVersion, from an app bundle's Info.plist (XML and binary, the bundle found in
// ~/Applications), and from nothing at all; and a run on a build whose version is unknown says
// so at the top of the summary and in the report, and runs only version-independent clauses.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { labelValue, readResults } from "../../src/report/results-reader.js";
import { cliEnv, egoConformance, environmentOf, worldsClosedAfterAll, type InstalledWorld } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

const world = worldsClosedAfterAll();

interface DetectJson {
  cli: { path: string; source: string; bundle: string | null };
  version: { text: string | null; numeric: boolean; source: string; from: string };
  bridge: { egoType: string; methods: { name: string; kind: string; present: boolean }[] } | null;
  features: string[];
  disagreements: string[];
}

/** `detect --json`, or the table when `text` is asked for (each is a CLI start and a launcher run) */
async function detect(w: InstalledWorld, env: Record<string, string>, args: string[] = []): Promise<DetectJson> {
  const run = await egoConformance(["detect", "--json", ...args], { env });
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as DetectJson;
}
async function detectText(env: Record<string, string>): Promise<string> {
  const run = await egoConformance(["detect"], { env });
  expect(run.exitCode, run.stderr).toBe(0);
  return run.stdout;
}

const methods = (d: DetectJson) => d.bridge!.methods.filter((m) => m.kind === "method" && m.present).map((m) => m.name);

describe("ego-conformance detect, for real", () => {
  it("reads getBrowserVersion through the launcher found on PATH", { timeout: 60_000 }, async () => {
    const w = await world();
    const json = await detect(w, cliEnv(w, { PATH: w.pathWithLauncher }));
    const text = await detectText(cliEnv(w, { PATH: w.pathWithLauncher }));
    expect(json.cli).toMatchObject({ path: w.installed.cliPath, source: "path", bundle: null });
    expect(json.version).toMatchObject({ text: "0.5.1.13", numeric: true, source: "getBrowserVersion" });
    expect(methods(json)).toHaveLength(16);
    expect(json.disagreements).toEqual([]);
    expect(text).toMatch(new RegExp(`CLI: +${w.installed.cliPath}\\nfound by: PATH\\nversion: +0\\.5\\.1\\.13\\nsource: +getBrowserVersion`));
  });

  it.each(["xml", "binary"] as const)("reads CFBundleShortVersionString from a %s Info.plist of a bundle in ~/Applications", { timeout: 60_000 }, async (format) => {
    const bundleVersion = format === "xml" ? "0.4.4.0" : "0.4.3.0";
    const w = await world({ app: { persona: "pre-browser-version" }, install: { appBundle: format, version: bundleVersion }, installDir: (root) => join(root, "home", "Applications") });
    const json = await detect(w, cliEnv(w));
    const bundle = join(w.home, "Applications", "ego lite.app");
    expect(json.cli).toMatchObject({ source: "app-bundle", bundle, path: join(bundle, "Contents/Frameworks/ego Framework.framework/Versions/Current/Helpers/ego-browser") });
    expect(json.version).toMatchObject({ text: bundleVersion, numeric: true, source: "Info.plist", from: `${join(bundle, "Contents/Info.plist")} (${format})` });
    expect(methods(json)).not.toContain("getBrowserVersion");
    expect(json.features).not.toContain("browser-version");
    expect(json.disagreements).toEqual([]);
  });

  it("says unknown when neither the bridge, nor a bundle, nor a flag tells", { timeout: 60_000 }, async () => {
    const w = await world({ app: { persona: "pre-browser-version" } });
    const [json, flagged] = await Promise.all([detect(w, cliEnv(w, { PATH: w.pathWithLauncher })), detect(w, cliEnv(w, { PATH: w.pathWithLauncher }), ["--ego-version", "0.4.4.0"])]);
    expect(json.version).toMatchObject({ text: null, numeric: false, source: "unknown" });
    expect(methods(json)).toHaveLength(15);
    expect(flagged.version).toMatchObject({ text: "0.4.4.0", source: "--ego-version" });
  });

  it("exits 2 and says where it looked when there is no CLI", { timeout: 30_000 }, async () => {
    const home = await tempDir("no-cli");
    const run = await egoConformance(["detect"], { env: { HOME: home, PATH: "/usr/bin:/bin" } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/no ego-browser found \(looked at: PATH: \/usr\/bin:\/bin; \/Applications: no ego lite\.app; .*Applications: no ego lite\.app\)/);
  });
});

describe("a run on a build of unknown version", () => {
  it("judges it as the newest documented build, fails the method it lacks, and says so in the summary and the report", { timeout: 90_000 }, async () => {
    const w = await world({ app: { persona: "pre-browser-version" } });
    const results = await tempDir("inst-unknown");
    const run = await egoConformance(["run", "--target", "installed", "--area", "profiles", "--area", "browser-version", "--no-report", "--results", results], { env: cliEnv(w, { PATH: w.pathWithLauncher }) });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/Ego Lite version: version unknown — judged as the newest documented build/);
    expect(await environmentOf(results)).toMatchObject({ "Ego Lite version": expect.stringMatching(/^version unknown — judged as the newest documented build/), "version source": "unknown", "version note": expect.stringMatching(/^version unknown — judged/) });
    const all = await readResults(results);
    for (const r of all) {
      const clause = CATALOGUE.find((c) => c.id === labelValue(r, "clause"))!;
      // nothing is skipped for the version; the missing getBrowserVersion fails the clauses that
      // need the method (the reader's own clause holds on any build: it reads "unavailable")
      expect(labelValue(r, "not_applicable"), clause.id).toBeUndefined();
      if (clause.area === "browser-version") expect(r.status, clause.id).toBe(clause.features.includes("browser-version") ? "failed" : "passed");
      if (clause.area === "profiles") expect(r.status, clause.id).toBe("passed");
    }
  });
});

describe("a run from an app bundle", () => {
  it("takes the CLI and the version from the bundle (binary Info.plist) and passes", { timeout: 90_000 }, async () => {
    const w = await world({ app: { persona: "pre-browser-version" }, install: { appBundle: "binary", version: "0.4.4.0", exitQuirk: true }, installDir: (root) => join(root, "home", "Applications") });
    const results = await tempDir("inst-bundle");
    const run = await egoConformance(["run", "--target", "installed", "--area", "task-state", "--no-report", "--results", results], { env: cliEnv(w) });
    expect(run.exitCode, run.stderr + run.stdout).toBe(0);
    const bundle = join(w.home, "Applications", "ego lite.app");
    expect(await environmentOf(results)).toMatchObject({
      "Ego Lite version": "0.4.4.0",
      "version source": `Info.plist (${join(bundle, "Contents/Info.plist")} (binary))`,
      "CLI found by": `app bundle ${bundle}`,
      "CLI path": join(bundle, "Contents/Frameworks/ego Framework.framework/Versions/Current/Helpers/ego-browser"),
    });
    expect(run.stdout).toMatch(/Ego Lite version: 0\.4\.4\.0\n/);
  });
});
