import { defineClauses } from "./define.js";

export const browserVersionClauses = defineClauses("browser-version", [
  { id: "browser-version.result-shape", title: "getBrowserVersion resolves {currentVersion: string, updateAvailable: boolean}", methods: ["getBrowserVersion"], severity: "critical", features: ["browser-version"] },
  { id: "browser-version.not-task-scoped", title: "getBrowserVersion works with no task selected", methods: ["getBrowserVersion"], features: ["browser-version"] },
  { id: "browser-version.four-part", title: "currentVersion is a four-part numeric Ego Lite version", methods: ["getBrowserVersion"], features: ["browser-version"] },
  { id: "browser-version.reader.available", title: "the harness's version reader reports the build's version on a build that has getBrowserVersion", methods: ["getBrowserVersion"], features: ["browser-version"] },
  { id: "browser-version.reader.never-crashes", title: "the harness's version reader ends in a version or 'unavailable', never an exception, on any build, as the build's own answer warrants", methods: ["getBrowserVersion"] },
]);
