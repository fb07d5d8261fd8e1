// The browser lookup (CHROMIUM_PATH, Debian's headless shell, /usr/bin/chromium, Playwright's browsers), the launch flags
// and the --pages choice, without starting a browser.
import { describe, expect, it } from "vitest";
import { chromiumArgs } from "../../fake-bridge/chromium/launch-args.js";
import { DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, INSTALL_HINT, locateChromium } from "../../fake-bridge/chromium/locate.js";
import { resolvePages } from "../../fake-bridge/chromium/pages-choice.js";
import { checkPagesFound } from "../../src/run/check-options.js";

const probe = (present: string[], playwright?: string) => ({ executable: (p: string) => present.includes(p), playwright: () => playwright });

describe("locateChromium", () => {
  it("takes CHROMIUM_PATH first, then Debian's headless shell, then /usr/bin/chromium, then Playwright's browser", () => {
    expect(locateChromium({ CHROMIUM_PATH: "/opt/c" }, probe(["/opt/c", DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM], "/pw"))).toEqual({ found: true, path: "/opt/c", source: "CHROMIUM_PATH" });
    expect(locateChromium({}, probe([DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM], "/pw"))).toEqual({ found: true, path: DEBIAN_HEADLESS_SHELL, source: "/usr/bin/chromium-headless-shell" });
    expect(locateChromium({}, probe([DEBIAN_CHROMIUM], "/pw"))).toEqual({ found: true, path: DEBIAN_CHROMIUM, source: "/usr/bin/chromium" });
    expect(locateChromium({}, probe([], "/pw"))).toEqual({ found: true, path: "/pw", source: "playwright" });
  });

  it("a CHROMIUM_PATH that is not executable is an error, not a fallback", () => {
    const found = locateChromium({ CHROMIUM_PATH: "/nope" }, probe([DEBIAN_CHROMIUM]));
    expect(found.found).toBe(false);
    expect(!found.found && found.why).toContain("/nope");
  });

  it("says exactly what to install when nothing is found", () => {
    const found = locateChromium({}, probe([]));
    expect(found).toEqual({ found: false, why: expect.stringContaining(INSTALL_HINT) });
    expect(INSTALL_HINT).toContain("apt-get install -y chromium-headless-shell chromium");
  });
});

describe("chromiumArgs", () => {
  it("adds --no-sandbox only for root, and keeps the browser on loopback", () => {
    expect(chromiumArgs(0)).toContain("--no-sandbox");
    expect(chromiumArgs(1000)).not.toContain("--no-sandbox");
    const args = chromiumArgs(1000).join(" ");
    expect(args).toContain("--host-resolver-rules=MAP * ~NOTFOUND");
    expect(args).toContain("--proxy-server=http://127.0.0.1:9");
    expect(args).toContain("--remote-debugging-port=0");
  });
});

describe("resolvePages", () => {
  it("model is the page model, whatever is installed", () => {
    expect(resolvePages("model", { CHROMIUM_PATH: "/bin/sh" })).toEqual({ pages: "model" });
  });
  it("chromium (and the default) take the browser found, or fall back to the model with the install hint", () => {
    expect(resolvePages(undefined, { CHROMIUM_PATH: "/bin/sh" })).toEqual({ pages: "chromium", chromium: { executablePath: "/bin/sh" } });
    const missing = resolvePages("chromium", { CHROMIUM_PATH: "/no/such/chromium" });
    expect(missing.pages).toBe("model");
    expect(missing.warning).toContain("not applicable");
    expect(missing.warning).toContain(INSTALL_HINT);
  });
});

describe("checkPagesFound", () => {
  it("refuses a browser asked for by name that is not there: --pages chromium, or CHROMIUM_PATH with the default pages", () => {
    expect(() => checkPagesFound("chromium", { CHROMIUM_PATH: "/no/such/chromium" })).toThrow(/--pages chromium asks for real pages/);
    expect(() => checkPagesFound(undefined, { CHROMIUM_PATH: "/no/such/chromium" })).toThrow(/CHROMIUM_PATH is \/no\/such\/chromium/);
    expect(() => checkPagesFound("model", { CHROMIUM_PATH: "/no/such/chromium" })).not.toThrow();
    expect(() => checkPagesFound(undefined, { CHROMIUM_PATH: "/bin/sh" })).not.toThrow();
  });
});
