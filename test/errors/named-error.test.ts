import { describe, expect, it } from "vitest";
import { namedError } from "../../src/errors/named-error.js";
import { CannotMergeError, MatrixInputError } from "../../src/matrix/errors.js";
import { MergeError } from "../../src/matrix/merge.js";
import { RunInputError } from "../../src/run/errors.js";
import { SweepError } from "../../src/safety/sweep.js";
import { CliTargetError, LoopStartError } from "../../src/targets/cli/cli-loop-process.js";
import { ArgumentProblem } from "../../fake-bridge/binding/argument-problem.js";
import { CdpError } from "../../fake-bridge/chromium/cdp-pipe.js";
import { SeedError } from "../../fake-bridge/library/seed.js";
import { FakeBuildError } from "../../fake-bridge/personas/fake-build.js";
import { AppDirError } from "../../fake-bridge/server/app-dir.js";
import { AppAlreadyRunningError } from "../../fake-bridge/server/app-server.js";
import { FakeAppStartError } from "../../fake-bridge/server/control.js";
import { InstallRefusedError } from "../../fake-bridge/server/install.js";
import { OperatorEndpointError } from "../../fake-bridge/server/operator-client.js";
import { AppOptionsError } from "../../fake-bridge/server/options.js";
import { AppUnreachableError } from "../../fake-bridge/server/socket-port.js";

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

  it("is the shape of the fake's errors too, each named as before (the CLI and the tests match on the names)", () => {
    const made = [
      new AppAlreadyRunningError("a"),
      new AppUnreachableError("u"),
      new FakeAppStartError("s"),
      new AppDirError("d"),
      new AppOptionsError("o"),
      new OperatorEndpointError("e"),
      new InstallRefusedError("i"),
      new SeedError("seed"),
      new FakeBuildError("b"),
    ];
    expect(made.map((e) => e.name)).toEqual([
      "AppAlreadyRunningError",
      "AppUnreachableError",
      "FakeAppStartError",
      "AppDirError",
      "AppOptionsError",
      "OperatorEndpointError",
      "InstallRefusedError",
      "SeedError",
      "FakeBuildError",
    ]);
    const problem = new ArgumentProblem("listTabs", "takes no arguments");
    const cdp = new CdpError("Page.navigate", -32000, "Cannot navigate");
    expect([problem.name, problem.message, problem.method, problem.problem]).toEqual(["ArgumentProblem", "listTabs(): takes no arguments", "listTabs", "takes no arguments"]);
    expect([cdp.name, cdp.message, cdp.method, cdp.code]).toEqual(["CdpError", "Page.navigate: Cannot navigate", "Page.navigate", -32000]);
    expect([...made, problem, cdp].every((e) => e instanceof Error)).toBe(true);
  });
});
