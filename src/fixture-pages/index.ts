export { FIXTURE_FACTS, FIXTURE_PAGES, type FixturePageName } from "./catalogue.js";
export { FIXTURE_PAGES_DIR, startFixtureServer, type FixtureServer } from "./server.js";
