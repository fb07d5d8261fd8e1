export { FakeBuildError, fakeBuild, type FakeBuild } from "./fake-build.js";
export { OPEN_DETAIL_SWITCHES, personaBehaviour, type PersonaSwitches } from "./persona-behaviour.js";
