/**
 * What an installed fake `ego-browser` knows about its app, written next to it at install time
 * (../server/install.ts): the launcher never takes this from the caller's environment, as the
 * real launcher knows its own app.
 */
export interface LauncherConfig {
  /** the fake app's bridge endpoint */
  appSocket: string;
  /** the script's working directory (never the caller's) */
  workDir: string;
  /** the module imported before the script when no --sdk-path is given: the app's bundled SDK */
  bundledSdk: string;
  /** a script that exits non-zero makes the launcher print `ego's nodejs process exited with code N` and exit 0 */
  exitQuirk: boolean;
  /** reject --sdk-path as an unknown option, like builds that predate it */
  rejectSdkPath: boolean;
  /** never run anything and never exit (for tests of timeouts) */
  hang: boolean;
}

export function parseLauncherConfig(text: string, where: string): LauncherConfig {
  const raw = JSON.parse(text) as Partial<LauncherConfig>;
  for (const key of ["appSocket", "workDir", "bundledSdk"] as const) {
    if (typeof raw[key] !== "string") throw new Error(`${where}: '${key}' must be a string`);
  }
  return {
    appSocket: raw.appSocket!,
    workDir: raw.workDir!,
    bundledSdk: raw.bundledSdk!,
    exitQuirk: raw.exitQuirk === true,
    rejectSdkPath: raw.rejectSdkPath === true,
    hang: raw.hang === true,
  };
}
