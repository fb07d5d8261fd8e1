import { describe, expect, it } from "vitest";
import { namedError } from "../../src/errors/named-error.js";
import { CannotMergeError, MatrixInputError } from "../../src/matrix/errors.js";
import { MergeError } from "../../src/matrix/merge.js";
import { RunInputError, SweepError } from "../../src/run/errors.js";
import { CliTargetError, LoopStartError } from "../../src/targets/cli/cli-loop-process.js";

describe("the one error shape", () => {
  it("names its errors by the string given, keeps the message, and is a class instanceof tells apart", () => {
    class AError extends namedError("AError") {}
    class BError extends namedError("BError") {}
    const a = new AError("what went wrong", { cause: "why" });
    expect(a).toBeInstanceOf(Error);
    expect(a).toBeInstanceOf(AError);
    expect(a).not.toBeInstanceOf(BError);
    expect([a.name, a.message, a.cause]).toEqual(["AError", "what went wrong", "why"]);
    expect(String(a)).toBe("AError: what went wrong");
  });

  it("is the shape of the run's, the matrix's and the CLI target's errors, whose names the CLI and the matrix test by", () => {
    const made = [new RunInputError("r"), new SweepError("s"), new MatrixInputError("m"), new CannotMergeError("c"), new MergeError("g"), new CliTargetError("t"), new LoopStartError("l", false)];
    expect(made.map((e) => e.name)).toEqual(["RunInputError", "SweepError", "MatrixInputError", "CannotMergeError", "MergeError", "CliTargetError", "LoopStartError"]);
    expect(made.every((e) => e instanceof Error)).toBe(true);
    expect(new LoopStartError("l", true)).toBeInstanceOf(CliTargetError);
    expect(new LoopStartError("l", true).sdkPathRejected).toBe(true);
  });
});
