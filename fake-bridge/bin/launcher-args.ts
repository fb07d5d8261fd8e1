/**
 * The launcher's command line, as the real one reads it: `ego-browser nodejs [--sdk-path PATH]
 * [-e CODE]` (script on stdin otherwise), `ego-browser --help`. Builds that predate --sdk-path
 * reject it like any unknown option.
 */
export type LauncherCommand =
  | { kind: "help" }
  | { kind: "nodejs"; sdkPath?: string; code?: string }
  | { kind: "error"; message: string; exitCode: number };

export const LAUNCHER_USAGE = `Usage: ego-browser <command>

Commands:
  nodejs [--sdk-path PATH] [-e CODE]   run a script (stdin, or CODE) with globalThis.ego
  help                                 show this help
`;

export function parseLauncherArgs(argv: readonly string[], options: { acceptsSdkPath: boolean }): LauncherCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") return { kind: "help" };
  if (command !== "nodejs") return { kind: "error", message: `Unknown command: ${command}`, exitCode: 2 };
  const parsed: { kind: "nodejs"; sdkPath?: string; code?: string } = { kind: "nodejs" };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const [name, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = (): string | undefined => inline ?? rest[++i];
    if (name === "--sdk-path" && options.acceptsSdkPath) {
      const v = value();
      if (v === undefined || v === "") return { kind: "error", message: "error: option '--sdk-path <path>' argument missing", exitCode: 1 };
      parsed.sdkPath = v;
    } else if (name === "-e" || name === "--eval") {
      const v = value();
      if (v === undefined) return { kind: "error", message: `error: option '${name} <code>' argument missing`, exitCode: 1 };
      parsed.code = v;
    } else if (name.startsWith("-")) {
      return { kind: "error", message: `error: unknown option '${name}'`, exitCode: 1 };
    } else {
      return { kind: "error", message: `error: too many arguments for 'nodejs'. Expected 0 arguments but got ${rest.length - i}.`, exitCode: 1 };
    }
  }
  return parsed;
}
