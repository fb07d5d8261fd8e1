/**
 * The browser tests (`npm run test:browser`, and the last step of `npm test`): @playwright/test
 * with Debian's chromium. The specs live in test/browser/*.spec.ts, outside vitest's
 * test/**\/*.test.ts. The global setup makes the pages they open (a real matrix run).
 */
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./test/browser/chromium.js";

export default defineConfig({
  testDir: "./test/browser",
  testMatch: "**/*.spec.ts",
  globalSetup: "./test/browser/global-setup.ts",
  outputDir: "./reports/playwright-output",
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["./test/support/times/playwright-reporter.ts"]],
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "off",
    screenshot: "only-on-failure",
  },
});
