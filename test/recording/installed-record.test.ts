// A recording of an installed target (the fake installed as a real Ego Lite would be), which is
// also the privacy test: user spaces seeded with marker strings in their names, tab titles and
// URLs are seen by the run (its raw probe log holds them) and never reach the transcript; then
// verify-fake replays the recording on the in-process fake and exits 0. The app's space ids go on
// from the spaces seeded before the run, so the replay's are others: the profiles area (profile
// ids "Profile 2" beside a space 2, messages "takes at most 2 arguments") would differ judged if
// the normalisation took a number inside another value for an id. A diff of the recording and a
// run of the persona derived from it counts no judged difference, and lists only what the
// environment made differ (the user's spaces the installed app had, the fake has none).
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTranscript } from "../../src/recording/transcript.js";
import { runCli } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { cliEnv, egoConformance, installedWorld, type InstalledWorld } from "../installed/support.js";

const MARKERS = ["zq7-space-marker", "zq7-title-marker", "zq7-url-marker.example"] as const;

let world: InstalledWorld;
beforeAll(async () => {
  world = await installedWorld({ app: { pages: "model" } });
});
afterAll(async () => world?.close());

describe("run --target installed --record", () => {
  it("records nothing of the user's spaces, and verify-fake on the recording exits 0", { timeout: 240_000 }, async () => {
    await world.operator.createUserSpace(`Taxes ${MARKERS[0]}`, { tabs: [{ url: `https://${MARKERS[2]}/account`, title: `Bank ${MARKERS[1]}` }] });
    await world.operator.createUserSpace(`ego-conformance ${MARKERS[0]} lookalike`, { tabs: [{ url: `https://${MARKERS[2]}/b`, title: MARKERS[1] }] });
    const out = await tempDir("rec-installed");
    const results = join(out, "results");
    const file = join(out, "transcript.json");
    const run = await egoConformance(["run", "--target", "installed", "--no-slow", "--operator", world.operatorSocket, "--area", "task-spaces", "--area", "profiles", "--json", "--no-report", "--results", results, "--outcomes", join(out, "outcomes.json"), "--record", file], {
      env: cliEnv(world, { PATH: world.pathWithLauncher }),
      timeoutMs: 200_000,
    });
    expect(run.exitCode, run.stderr).toBe(0);

    // the run saw the names and tab titles (a listing's recentTabTitles): its raw probe log (the
    // report's, kept on this machine) holds them; no task-spaces clause reads a user's tab URL
    const attachments = await Promise.all((await readdir(results)).filter((n) => n.endsWith("-attachment.json")).map((n) => readFile(join(results, n), "utf8")));
    const raw = attachments.join("\n");
    for (const marker of MARKERS.slice(0, 2)) expect(raw, `the run saw ${marker}`).toContain(marker);

    // the transcript holds none of them, and counts the spaces that are not the run's
    const text = await readFile(file, "utf8");
    for (const marker of MARKERS) expect(text, marker).not.toContain(marker);
    const transcript = await readTranscript(file);
    expect(transcript.target).toMatchObject({ kind: "installed", name: "ego-browser", egoVersion: "0.5.1.13" });
    const listings = transcript.clauses.flatMap((c) => c.tests.flatMap((t) => t.calls)).filter((c) => c.method === "listTaskSpaces" && c.channel === "resolved");
    expect(listings.length).toBeGreaterThan(0);
    for (const l of listings) expect(l.text.otherSpaces).toBeGreaterThanOrEqual(2);

    // the app runs on the page model: the recording says so, and the replay follows it
    expect(transcript.target.pages).toBe("model");
    const verify = await runCli(["verify-fake", file], { timeoutMs: 200_000 });
    expect(verify.exitCode, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toMatch(/left out \(.*safety\.user-spaces\.unchanged/);
    expect(verify.stdout).toContain("on the page model, as recorded");

    const persona = join(out, "derived.persona.json");
    const derived = await runCli(["persona", "derive", file, "--name", "derived", "--out", persona]);
    expect(derived.exitCode, derived.stderr).toBe(0);
    const replayed = join(out, "derived.json");
    const run2 = await runCli(["run", "--persona-file", persona, "--pages", "model", "--no-slow", "--area", "task-spaces", "--area", "profiles", "--json", "--no-report", "--results", join(out, "derived-results"), "--outcomes", join(out, "derived-outcomes.json"), "--record", replayed], { timeoutMs: 200_000 });
    expect(run2.exitCode, run2.stderr).toBe(0);
    const diff = await runCli(["diff", file, replayed, "--json"]);
    const differences = (JSON.parse(diff.stdout) as { differences: { clause: string; call?: string; kind: string; path?: string; judged: boolean }[] }).differences;
    // what differs is the environment, never the build: the user's spaces the installed app had
    // (a listing's counts and shape), which concurrent create got which id (and so which name sits
    // at which place of the listing after), the clause only an installed target runs
    const explained = (d: (typeof differences)[number]) =>
      (d.kind === "text" && /(^|\.)other(Clause)?Spaces$/.test(d.path ?? "")) ||
      (d.kind === "shape" && /listTaskSpaces$/.test(d.call ?? "")) ||
      d.kind === "concurrent-id" ||
      (d.clause === "task-spaces.create.concurrent-distinct-ids" && d.kind === "text") ||
      (d.kind === "clause" && d.clause === "safety.user-spaces.unchanged");
    expect(differences.filter((d) => d.judged), diff.stdout).toEqual([]);
    expect(differences.filter((d) => !explained(d)), diff.stdout).toEqual([]);
    expect(diff.exitCode, diff.stdout).toBe(0);
  });
});
