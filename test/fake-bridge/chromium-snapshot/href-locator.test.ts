// The form of href locators on real pages (fake-bridge/README.md): a link into
// its frame's own origin by its path, any other by its absolute URL.
import { describe, expect, it } from "vitest";
import { hrefLocatorValue } from "../../../fake-bridge/app/chromium-snapshot/locators.js";

describe("hrefLocatorValue", () => {
  it("a link into the frame's own origin: its path, search and hash", () => {
    expect(hrefLocatorValue("http://127.0.0.1:4100/nav-target?locator=unique#top", "http://127.0.0.1:4100/page.html")).toBe("/nav-target?locator=unique#top");
  });

  it("a link into another origin (another host, port or scheme): its absolute URL", () => {
    const doc = "http://127.0.0.1:4100/page.html";
    expect(hrefLocatorValue("http://localhost:4100/a", doc)).toBe("http://localhost:4100/a");
    expect(hrefLocatorValue("http://127.0.0.1:4101/a", doc)).toBe("http://127.0.0.1:4101/a");
    expect(hrefLocatorValue("https://127.0.0.1:4100/a", doc)).toBe("https://127.0.0.1:4100/a");
  });

  it("a frame without an origin of its own (about:blank, data:): the absolute URL", () => {
    expect(hrefLocatorValue("http://127.0.0.1:4100/a", "about:blank")).toBe("http://127.0.0.1:4100/a");
  });

  it("asked for the absolute form (mutant href-locators-absolute): the absolute URL", () => {
    expect(hrefLocatorValue("http://127.0.0.1:4100/a", "http://127.0.0.1:4100/", { absolute: true })).toBe("http://127.0.0.1:4100/a");
  });
});
