/**
 * `ego-conformance fake start|stop|status|install`: the fake Ego Lite app as a long-lived process
 * (fake-bridge/server), and a fake `ego-browser` launcher that talks to it.
 */
import { parseFlags } from "./parse-flags.js";
import { FAKE_INSTALL_FLAGS, FAKE_START_FLAGS, FAKE_STATUS_FLAGS, FAKE_STOP_FLAGS } from "./options.js";
import { AppOptionsError, appChoiceFromValues, fakeAppStatus, installFakeEgoLite, serverOptions, startFakeApp, stopFakeApp, type AppStatus } from "../targets/fake/fake-app.js";
import { UsageError } from "./usage-error.js";



function print(json: boolean, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text}\n`);
}

function statusText(status: AppStatus): string {
  if (!status.running) return `fake ego lite app: not running (${status.reason})`;
  const seconds = (status.uptimeMs / 1000).toFixed(1);
  return [
    "fake ego lite app: running",
    `  pid       ${status.pid}`,
    `  socket    ${status.bridgeSocket}`,
    `  operator  ${status.operatorSocket}`,
    `  version   ${status.version}${status.persona ? ` (persona ${status.persona})` : ""}`,
    `  mutants    ${status.mutants.length ? status.mutants.join(", ") : "none"}`,
    `  uptime    ${seconds} s`,
    `  clients   ${status.bridgeConnections} ego-browser invocation(s) connected`,
  ].join("\n");
}

async function start(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, FAKE_START_FLAGS);
  let choice;
  try {
    choice = appChoiceFromValues(values);
    serverOptions(choice); // an unknown mutant, persona or version is a usage error
  } catch (error) {
    if (error instanceof AppOptionsError) throw new UsageError(error.message);
    throw error;
  }
  const app = await startFakeApp(choice);
  await app.operator.close();
  const status = await fakeAppStatus({ dir: app.paths.dir });
  print(values.json, status, statusText(status));
  return status.running ? 0 : 1;
}

async function stop(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, FAKE_STOP_FLAGS);
  const result = await stopFakeApp(values.dir !== undefined ? { dir: values.dir } : {});
  print(values.json, result, result.stopped ? `fake ego lite app: stopped pid ${result.pid} (${result.how})` : `fake ego lite app: ${result.reason}`);
  return 0;
}

async function status(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, FAKE_STATUS_FLAGS);
  const result = await fakeAppStatus(values.dir !== undefined ? { dir: values.dir } : {});
  print(values.json, result, statusText(result));
  return result.running ? 0 : 1;
}

async function install(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, FAKE_INSTALL_FLAGS, true);
  if (positionals.length !== 1) throw new UsageError("fake install needs exactly one directory to install into");
  const bundle = values["app-bundle"];
  if (bundle !== undefined && bundle !== "xml" && bundle !== "binary") throw new UsageError(`--app-bundle must be xml or binary, not '${bundle}'`);
  const installed = await installFakeEgoLite({
    dir: positionals[0]!,
    ...(values.dir !== undefined ? { appDir: values.dir } : {}),
    ...(values["bundle-version"] !== undefined ? { version: values["bundle-version"] } : {}),
    exitQuirk: values["exit-quirk"],
    rejectSdkPath: values["reject-sdk-path"],
    hang: values.hang,
    force: values.force,
    ...(bundle ? { appBundle: bundle } : {}),
  });
  print(values.json, installed, [`installed ${installed.cliPath}`, `  talks to the fake app at ${installed.config.appSocket}`, ...(installed.bundlePath ? [`  app bundle ${installed.bundlePath}`] : [])].join("\n"));
  return 0;
}

const SUBCOMMANDS: Record<string, (argv: string[]) => Promise<number>> = { start, stop, status, install };

export async function fakeCommand(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const sub = name === undefined ? undefined : SUBCOMMANDS[name];
  if (!sub) throw new UsageError(name === undefined ? "fake needs a subcommand: start, stop, status or install" : `unknown fake subcommand '${name}' (start, stop, status, install)`);
  return sub(rest);
}
