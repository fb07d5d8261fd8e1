// A tab opened by createTab runs the page's own scripts only after the space's context has its
// init scripts (the geolocation prompt stand-in). A target made directly at its URL could run the
// page first: under load the page's geolocation call met headless Chromium's silent refusal, no
// prompt reached the fake, and user-control.prompt.location failed on a conforming fake.
import { describe, expect, it } from "vitest";
import { createFakeBrowser } from "../../fake-bridge/index.js";
import { useFixturePages } from "../../src/harness/fixture-server.js";
import { CHROMIUM, closeBrowsersAfterAll, NO_CHROMIUM } from "./support.js";

type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const fixtures = useFixturePages();

describe.skipIf(NO_CHROMIUM)("a new tab's page scripts", { timeout: 120_000 }, () => {
  closeBrowsersAfterAll();

  it("meet the context's init scripts every time: the geolocation page hands each of eight spaces over", async () => {
    const server = await fixtures();
    const b = createFakeBrowser({ chromium: CHROMIUM! });
    const outcomes: string[] = [];
    try {
      // two at a time, as a loaded machine would interleave them
      for (let round = 0; round < 4; round++) {
        outcomes.push(
          ...(await Promise.all(
            [0, 1].map(async (k) => {
              const ego: Loose = b.newBinding();
              const space = await ego.createTaskSpace(`geo ${round}-${k}`);
              ego.useTaskSpace(space.id);
              const tab = await ego.createTab(server.url("geolocation"));
              expect(tab.url).toBe(server.url("geolocation")); // the requested URL, whatever the load has reached
              const deadline = Date.now() + 15_000;
              for (;;) {
                const listed = await ego.listTabs();
                if (listed.error_code !== undefined) return `${listed.error_code} ${listed.error}`;
                if (Date.now() > deadline) return `not handed over: ${JSON.stringify(listed)}`;
                await new Promise((r) => setTimeout(r, 50));
              }
            }),
          )),
        );
      }
    } finally {
      await b.shutdown();
    }
    expect(outcomes).toEqual(Array(8).fill("EGO_TASK_SPACE_USER_IN_CONTROL location"));
  });
});
