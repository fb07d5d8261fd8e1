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
  /**
   * leave a child behind in its own session that holds stdout and stderr for `backgroundChildMs`
   * (its pid appended to `<workDir>/../background-children`), then run the script as usual
   */
  backgroundChildMs: number;
  /** write to stdout and stderr without pause while the script runs */
  flood: boolean;
  /** die (SIGKILL itself) this many ms after the script started; 0: never */
  dieAfterMs: number;
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
    backgroundChildMs: typeof raw.backgroundChildMs === "number" ? raw.backgroundChildMs : 0,
    flood: raw.flood === true,
    dieAfterMs: typeof raw.dieAfterMs === "number" ? raw.dieAfterMs : 0,
  };
}
