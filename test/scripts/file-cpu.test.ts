import { describe, expect, it } from "vitest";
import { parseSubreaperLine } from "../../scripts/file-cpu.js";

describe("npm run file-cpu: the subreaper's line", () => {
  it("reads the CPU, the wall time and the exit code from the last line", () => {
    expect(parseSubreaperLine("vitest noise\nCPU 405.9 WALL 361.8 RC 0\n")).toEqual({ cpuSeconds: 405.9, wallSeconds: 361.8, exitCode: 0 });
    expect(parseSubreaperLine("CPU 3 WALL 2.5 RC 1\n")).toEqual({ cpuSeconds: 3, wallSeconds: 2.5, exitCode: 1 });
  });

  it("keeps a run killed by a signal as no exit code, and a missing line as nothing measured", () => {
    expect(parseSubreaperLine("CPU 1.0 WALL 1.0 RC None\n")?.exitCode).toBeNull();
    expect(parseSubreaperLine("CPU 1.0 WALL 1.0 RC -9\n")?.exitCode).toBe(-9);
    expect(parseSubreaperLine("")).toBeUndefined();
    expect(parseSubreaperLine("CPU x WALL 1 RC 0")).toBeUndefined();
  });
});
