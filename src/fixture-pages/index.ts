export { FIXTURE_FACTS, FIXTURE_PAGES, type FixturePage, type FixturePageName } from "./catalogue.js";
export { FIXTURE_PAGES_DIR, startFixtureServer, type FixtureRequest, type FixtureServer } from "./server.js";
