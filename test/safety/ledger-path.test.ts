// With HOME empty, or XDG_STATE_HOME relative, the ledger path was once relative to
// the working directory, so a sweep from elsewhere missed the run's records. The XDG Base
// Directory spec: "If an implementation encounters a relative path in any of these variables it
// should consider the path invalid and ignore it." The ledger path is always absolute now.
import { isAbsolute, join, resolve } from "node:path";
import { userInfo } from "node:os";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { defaultLedgerPath } from "../../src/safety/ledger.js";

const PASSWD_HOME = userInfo().homedir;
const FROM_PASSWD = join(PASSWD_HOME, ".local", "state", "ego-conformance", "ledger.jsonl");

describe("the ledger path is absolute whatever the environment says", () => {
  it("a relative XDG_STATE_HOME is ignored (XDG spec); an absolute one is used", () => {
    expect(defaultLedgerPath({ XDG_STATE_HOME: "state", HOME: "/h" })).toBe("/h/.local/state/ego-conformance/ledger.jsonl");
    expect(defaultLedgerPath({ XDG_STATE_HOME: "./s", HOME: "/h" })).toBe("/h/.local/state/ego-conformance/ledger.jsonl");
    expect(defaultLedgerPath({ XDG_STATE_HOME: "/s", HOME: "/h" })).toBe("/s/ego-conformance/ledger.jsonl");
  });

  it("an empty or relative HOME gives way to the user's home from the password database", () => {
    expect(defaultLedgerPath({ HOME: "" })).toBe(FROM_PASSWD);
    expect(defaultLedgerPath({ HOME: "home" })).toBe(FROM_PASSWD);
    expect(defaultLedgerPath({ HOME: "", XDG_STATE_HOME: "" })).toBe(FROM_PASSWD);
  });

  it("a relative EGO_CONFORMANCE_LEDGER is made absolute against the working directory once", () => {
    expect(defaultLedgerPath({ EGO_CONFORMANCE_LEDGER: "l.jsonl" })).toBe(resolve("l.jsonl"));
  });

  it("any HOME and XDG_STATE_HOME give an absolute path", () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (home, state) => {
        const env: NodeJS.ProcessEnv = { ...(home !== null ? { HOME: home } : {}), ...(state !== null ? { XDG_STATE_HOME: state } : {}) };
        expect(isAbsolute(defaultLedgerPath(env)), JSON.stringify(env)).toBe(true);
      }),
    );
  });
});
