export { FakeBuildError, fakeBuild } from "./fake-build.js";
