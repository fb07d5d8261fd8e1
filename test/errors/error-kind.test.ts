// The CLI tells a user's bad input from the harness's failure by the error's kind, not its name.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorParagraph, isBadInput } from "../../src/cli/messages.js";
import { isBadInputError, namedError } from "../../src/errors/named-error.js";
import { TranscriptError } from "../../src/recording/transcript.js";

describe("an error's kind", () => {
  it("is a failure unless the class says bad input", () => {
    const Failure = namedError("SomeFailure");
    const Bad = namedError("SomeBadInput", "bad-input");
    expect(new Failure("x").kind).toBe("failure");
    expect(new Bad("x").kind).toBe("bad-input");
    expect(isBadInputError(new Bad("x"))).toBe(true);
    expect(isBadInputError(new Failure("x"))).toBe(false);
    expect(isBadInputError(new Error("x"))).toBe(false);
    expect(isBadInputError({ kind: "bad-input" }), "not an Error").toBe(false);
  });

  it("is read from the field, so a subclass and an error from another module instance count", () => {
    class Deeper extends namedError("Outer", "bad-input") {
      override name = "Deeper";
    }
    expect(isBadInput(new Deeper("x"))).toBe(true);
    const foreign = Object.assign(new Error("from a worker's copy of the module"), { name: "Whatever", kind: "bad-input" });
    expect(isBadInput(foreign)).toBe(true);
  });

  it("decides the paragraph: bad input is its message alone; a failure says what could not be done and points at --debug", () => {
    const bad = errorParagraph("diff", new TranscriptError("/tmp/x.json is not a transcript"), { debug: false });
    expect(bad).toContain("ego-conformance diff: /tmp/x.json is not a transcript");
    expect(bad).not.toMatch(/could not be completed|--debug/);
    const failed = errorParagraph("diff", new (namedError("Broke"))("disk gone"), { debug: false });
    expect(failed).toMatch(/'diff' could not be completed: disk gone/);
    expect(failed).toMatch(/--debug shows where it failed/);
    expect(isBadInput(new z.ZodError([]))).toBe(true);
  });
});
