/** scripts/process-cpu.ts: CPU time of a Chromium process tree by kind, from a /proc-shaped directory. */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cpuDelta, parseStat, processKind, treeCpuByKind } from "../../scripts/process-cpu.js";
import { tempDir } from "../support/temp-dir.js";

/** a /proc/<pid>/stat line: state, ppid, then zeros up to utime, stime, cutime, cstime */
const statLine = (pid: number, comm: string, ppid: number, [u, s, cu, cs]: number[]) =>
  `${pid} (${comm}) S ${ppid} ${Array(9).fill(0).join(" ")} ${u} ${s} ${cu} ${cs} 20 0 1 0 100 0 0\n`;

async function proc(dir: string, pid: number, ppid: number, args: string[], times: number[], comm = "chromium"): Promise<void> {
  await mkdir(join(dir, String(pid)), { recursive: true });
  await writeFile(join(dir, String(pid), "stat"), statLine(pid, comm, ppid, times));
  await writeFile(join(dir, String(pid), "cmdline"), `${args.join("\0")}\0`);
}

describe("parseStat", () => {
  it("reads pid, ppid and user + system time with the reaped children's", () => {
    expect(parseStat(statLine(42, "chromium", 7, [10, 5, 3, 2]))).toEqual({ pid: 42, ppid: 7, ticks: 20 });
  });

  it("survives any command name, spaces and parentheses included", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 15 }), fc.nat(), fc.nat(), fc.array(fc.nat({ max: 1e6 }), { minLength: 4, maxLength: 4 }), (comm, pid, ppid, times) => {
        expect(parseStat(statLine(pid, comm, ppid, times))).toEqual({ pid, ppid, ticks: times.reduce((a, b) => a + b, 0) });
      }),
    );
  });

  it("refuses what is not a stat line", () => {
    expect(() => parseStat("hello")).toThrow(/not a \/proc stat line/);
    expect(() => parseStat("1 (x) S 0 1 2")).toThrow(/not a \/proc stat line/);
  });
});

describe("processKind", () => {
  it("is the --type of the command line, or the browser without one", () => {
    expect(processKind("/usr/lib/chromium/chromium-headless-shell\0--type=renderer\0--lang=en")).toBe("renderer");
    // a renderer's title as Chromium rewrites it: one string, spaces between the arguments
    expect(processKind("/usr/lib/chromium/chromium-headless-shell --type=renderer --lang=en\0")).toBe("renderer");
    expect(processKind("/usr/lib/chromium/chromium-headless-shell\0--headless\0--user-data-dir=/tmp/x")).toBe("browser");
    // only an argument of its own counts
    expect(processKind("/bin/x\0--flag=--type=renderer")).toBe("browser");
  });
});

describe("treeCpuByKind", () => {
  it("sums the marked processes and all their descendants by kind, and nothing else", async () => {
    const dir = await tempDir("process-cpu");
    const marker = "--user-data-dir=/tmp/profile-a";
    await proc(dir, 10, 1, ["/bin/sh", "-e", "/usr/bin/chromium-headless-shell", marker], [1, 0, 0, 0], "sh");
    await proc(dir, 11, 10, ["/usr/lib/chromium/chromium-headless-shell", marker], [100, 50, 0, 0]);
    await proc(dir, 12, 11, ["/usr/lib/chromium/chromium-headless-shell", "--type=zygote"], [5, 5, 200, 40]);
    await proc(dir, 13, 12, ["/usr/lib/chromium/chromium-headless-shell --type=renderer --lang=en"], [30, 10, 0, 0]);
    await proc(dir, 14, 11, ["/usr/lib/chromium/chromium-headless-shell", "--type=gpu-process"], [20, 5, 0, 0]);
    // another browser, and an unrelated process, are not counted
    await proc(dir, 20, 1, ["/usr/lib/chromium/chromium-headless-shell", "--user-data-dir=/tmp/profile-b"], [999, 0, 0, 0]);
    await proc(dir, 21, 20, ["/usr/lib/chromium/chromium-headless-shell", "--type=renderer"], [999, 0, 0, 0]);
    await proc(dir, 30, 1, ["node", "x.js"], [999, 0, 0, 0], "node");
    await mkdir(join(dir, "self"));
    const cpu = treeCpuByKind(marker, dir);
    expect(cpu.browser).toBeCloseTo(1.51);
    expect(cpu.zygote).toBeCloseTo(2.5);
    expect(cpu.renderer).toBeCloseTo(0.4);
    expect(cpu["gpu-process"]).toBeCloseTo(0.25);
    expect(Object.keys(cpu).sort()).toEqual(["browser", "gpu-process", "renderer", "zygote"]);
  });

  it("finds nothing when no process carries the marker", async () => {
    const dir = await tempDir("process-cpu");
    await proc(dir, 30, 1, ["node", "x.js"], [999, 0, 0, 0], "node");
    expect(treeCpuByKind("--user-data-dir=/nowhere", dir)).toEqual({});
  });
});

describe("cpuDelta", () => {
  it("subtracts kind by kind; a kind on one side only counts as zero on the other", () => {
    expect(cpuDelta({ browser: 1, renderer: 2 }, { browser: 1.5, renderer: 2, utility: 0.25 })).toEqual({ browser: 0.5, renderer: 0, utility: 0.25 });
  });
});
