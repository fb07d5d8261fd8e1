/**
 * What the fake's raw CDP channel refuses, as data, each with its source; everything else goes to
 * Chromium unchanged. A target of another space is answered as one that does not exist, so a space
 * cannot even learn that it exists.
 */
export interface Refusal {
  code: number;
  message: string;
  /** why the fake refuses it: the document, test or rule it follows */
  source: string;
}

export const UNAVAILABLE: Readonly<Record<string, string>> = {
  "Browser.grantPermissions":
    "research 1.5 (CDP facts the runtime recorded): Browser.grantPermissions is rejected on the app's channel (PWB-10); the runtime's own tests expect it to be unavailable",
};

/** Browser-level methods that act on the whole browser or on contexts other than the space's. */
export const BROWSER_WIDE: Readonly<Record<string, string>> = {
  "Target.attachToBrowserTarget": "isolation: a browser session would see every space's and the user's targets",
  "Target.createBrowserContext": "isolation: a space has exactly its own browser context",
  "Target.disposeBrowserContext": "isolation: contexts belong to spaces, which close through closeTaskSpace",
  "Target.getBrowserContexts": "isolation: would list the other spaces' contexts",
  "Target.exposeDevToolsProtocol": "isolation: would hand a page a browser-wide CDP binding",
  "Target.setRemoteLocations": "isolation: the browser's discovery settings are not a space's",
  "Browser.close": "isolation: the browser holds the other spaces and the user's own",
  "Browser.crash": "isolation: the browser holds the other spaces and the user's own",
  "Browser.crashGpuProcess": "isolation: the browser holds the other spaces and the user's own",
  "Browser.resetPermissions": "isolation: without a browserContextId it resets every context's permissions",
  "Storage.clearCookies": "isolation: without a browserContextId it clears the default context (the user's)",
};

/**
 * Browser-level Target.setAutoAttach attaches to every page of the browser; the research records
 * that the app's is browser-wide (1.5) and the v1.3 runtime turns it off. The fake keeps it to the
 * space: turning it off is forwarded, turning it on is refused.
 */
export const AUTO_ATTACH_SOURCE = "isolation: browser-level auto-attach reaches every space's pages (research 1.5: the v1.3 runtime turns it off)";

/** Methods whose `targetId` parameter must name a target of the space. */
export const TARGET_PARAM_METHODS: ReadonlySet<string> = new Set([
  "Target.attachToTarget",
  "Target.activateTarget",
  "Target.closeTarget",
  "Target.getTargetInfo",
  "Target.autoAttachRelated",
  "Browser.getWindowForTarget",
]);

/**
 * Browser-level methods that take a browserContextId: a foreign one is refused; none means "the
 * default context" (the user's), so the space's own is filled in.
 */
export const CONTEXT_PARAM_METHODS: ReadonlySet<string> = new Set([
  "Target.createTarget",
  "Browser.setDownloadBehavior",
  "Browser.setPermission",
  "Browser.cancelDownload",
  "Storage.getCookies",
  "Storage.setCookies",
]);

export const NOT_ALLOWED = (source: string): Refusal => ({ code: -32000, message: "Not allowed", source });
export const NO_SUCH_TARGET = (): Refusal => ({ code: -32602, message: "No target with given id found", source: "isolation: another space's or the user's target" });
export const NO_SUCH_SESSION = (): Refusal => ({ code: -32001, message: "Session with given id not found.", source: "isolation: a session of another space, or of no attach of this invocation" });
export const UNKNOWN_METHOD = (method: string, source: string): Refusal => ({ code: -32601, message: `'${method}' wasn't found`, source });
