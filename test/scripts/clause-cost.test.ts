/** scripts/clause-cost.ts: per-clause durations read from a run's Allure results. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clauseCosts, medianCost } from "../../scripts/clause-cost.js";
import { tempDir } from "../support/temp-dir.js";

const result = (clause: string, start: number, stop: number, status = "passed") =>
  JSON.stringify({ status, start, stop, labels: [{ name: "clause", value: clause }, { name: "epic", value: "x" }] });

describe("clauseCosts", () => {
  it("reads stop - start per clause, sums a clause's variants, and ignores other files", async () => {
    const dir = await tempDir("clause-cost");
    await writeFile(join(dir, "a-result.json"), result("snapshot.page.x", 1000, 3500));
    await writeFile(join(dir, "b-result.json"), result("user-control.y", 0, 100));
    await writeFile(join(dir, "c-result.json"), result("user-control.y", 0, 50));
    await writeFile(join(dir, "d-result.json"), result("tabs.z", 0, 10, "skipped"));
    await writeFile(join(dir, "e-container.json"), "{}");
    await writeFile(join(dir, "f-result.json"), JSON.stringify({ status: "passed", start: 0, stop: 5, labels: [] }));
    const costs = await clauseCosts(dir);
    expect(costs.get("snapshot.page.x")).toEqual({ id: "snapshot.page.x", ms: 2500, status: "passed" });
    expect(costs.get("user-control.y")?.ms).toBe(150);
    expect(costs.size).toBe(3);
    expect(medianCost(costs)).toBe(2500); // of the two that ran: 150 and 2500
  });
});
