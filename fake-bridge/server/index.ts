/**
 * The fake Ego Lite app as a process, and its `ego-browser` launcher, kept apart from ../index.ts so
 * that in-process users of the fake never load the server, the bundler or the launcher.
 */
export { AppAlreadyRunningError, createFakeAppServer, socketAnswers, type FakeAppServer, type FakeAppServerOptions } from "./app-server.js";
export { AppDirError, appPaths, defaultAppDir, ensureAppDir, type AppPaths } from "./app-dir.js";
export { FakeAppStartError, fakeAppStatus, startFakeApp, stopFakeApp, type AppStatus, type RunningApp, type StartOptions, type StopResult } from "./control.js";
export { APP_BUNDLE_NAME, CLI_NAME, installFakeEgoLite, type InstalledFakeEgoLite, type InstallOptions } from "./install.js";
export { AppOptionsError, appChoiceArgs, parseAppArgs, serverOptions, type AppChoice } from "./options.js";
export { AppUnreachableError, connectSocketPort, type SocketPort } from "./socket-port.js";
export { createOperatorClient, OperatorEndpointError, type FakeAppOperator, type OperatorClientOptions } from "./operator-client.js";
export { binaryPlist, infoPlist, xmlPlist, type PlistFormat } from "./info-plist.js";
export type { AppSnapshot, ServerDescription, SpaceState } from "./operator-endpoint.js";
export type { AppState } from "./state-file.js";
