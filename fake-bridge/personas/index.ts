export { FakeBuildError, fakeBuild, type FakeBuild } from "./fake-build.js";
