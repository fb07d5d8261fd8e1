// Reading an ego-browser process's output: only a frame with this run's nonce is a result, the
// exit quirk gives the real exit status, and a launcher that predates --sdk-path is recognised.
import { describe, expect, it } from "vitest";
import { beginMarker, endMarker, FrameCatcher, framed, FramingError, newNonce, quirkExitCode, readFramed, rejectsSdkPath } from "../../src/targets/cli/cli-output.js";

describe("framed results", () => {
  const nonce = newNonce();

  it("finds the frame among update notices and other output, even after a line without a newline", () => {
    const stdout = `[ego-browser:notice] Ego Lite update is available (current 0.5.0.19).\npartial line${framed(nonce, '{"ok":true,"n":1}')}trailing output\n`;
    expect(readFramed(stdout, nonce)).toEqual({ ok: true, n: 1 });
  });

  it("ignores frames with another nonce, and says when there is none", () => {
    const other = framed(newNonce(), '{"forged":true}');
    expect(readFramed(other, nonce)).toBeUndefined();
    expect(readFramed(`${other}${framed(nonce, "2")}`, nonce)).toBe(2);
  });

  it("takes the last frame with the nonce", () => {
    expect(readFramed(`${framed(nonce, "1")}${framed(nonce, "2")}`, nonce)).toBe(2);
  });

  it("reports a frame that is cut short or not JSON", () => {
    expect(() => readFramed(`${beginMarker(nonce)}\n{"ok":`, nonce)).toThrow(FramingError);
    expect(() => readFramed(`${beginMarker(nonce)}\nnot json\n${endMarker(nonce)}\n`, nonce)).toThrow(/not JSON/);
  });
});

describe("the launcher's exit quirk and --sdk-path", () => {
  it("reads N of `ego's nodejs process exited with code N`", () => {
    expect(quirkExitCode("out\nego's nodejs process exited with code 3\n")).toBe(3);
    expect(quirkExitCode("ego's nodejs process exited with code 1\nego's nodejs process exited with code 7")).toBe(7);
    expect(quirkExitCode("all fine\n")).toBeUndefined();
  });

  it("recognises a launcher that does not know --sdk-path", () => {
    expect(rejectsSdkPath("error: unknown option '--sdk-path'")).toBe(true);
    expect(rejectsSdkPath("ego-browser: unrecognized option --sdk-path=/x")).toBe(true);
    expect(rejectsSdkPath("error: unknown option '--bogus'")).toBe(false);
    expect(rejectsSdkPath("cannot load the SDK at /x/sdk-path.mjs")).toBe(false);
  });
});

describe("FrameCatcher", () => {
  const nonce = "0123456789abcdef01234567";
  const flood = `${"flood ".repeat(1000)}\n`;

  it("keeps the frame a launcher buries under more output than the tail holds", () => {
    const catcher = new FrameCatcher(nonce, 1024 * 1024);
    let tailOnly = "";
    const feed = (text: string) => {
      catcher.push(text);
      tailOnly = (tailOnly + text).slice(-256 * 1024);
    };
    feed(flood);
    feed(framed(nonce, JSON.stringify({ ok: true, value: "through the flood" })));
    for (let i = 0; i < 100; i++) feed(flood);
    expect(readFramed(tailOnly, nonce), "the tail alone lost it").toBeUndefined();
    expect(readFramed(catcher.text(), nonce)).toEqual({ ok: true, value: "through the flood" });
  });

  it("finds markers split across chunks, and keeps the last frame", () => {
    const catcher = new FrameCatcher(nonce, 1024 * 1024);
    const text = `noise${framed(nonce, '"first"')}more${framed(nonce, '"second"')}${flood}`;
    for (let i = 0; i < text.length; i += 7) catcher.push(text.slice(i, i + 7));
    expect(readFramed(catcher.text(), nonce)).toBe("second");
  });

  it("drops a frame longer than its bound, and has nothing without a frame", () => {
    const catcher = new FrameCatcher(nonce, 100);
    catcher.push(`${beginMarker(nonce)}\n${"x".repeat(500)}`);
    expect(catcher.text()).toBe("");
    const none = new FrameCatcher(nonce, 100);
    none.push(flood);
    expect(none.text()).toBe("");
  });
});
