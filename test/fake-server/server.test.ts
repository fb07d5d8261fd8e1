// The fake app server: its directory and sockets are its user's only, one app per directory, the
// operator endpoint plays the human and inspects, and bindings over its socket share the app's
// state while each keeps its own selection.
import { execa } from "execa";
import { lstat, stat, writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppAlreadyRunningError, createFakeAppServer } from "../../fake-bridge/server/app-server.js";
import { AppDirError, ensureAppDir } from "../../fake-bridge/server/app-dir.js";
import { connectSocketPort } from "../../fake-bridge/server/socket-port.js";
import { createPortBinding } from "../../fake-bridge/binding/create-binding.js";
import { createOperatorClient } from "../../fake-bridge/server/operator-client.js";
import { fakeInstall, type FakeInstall } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

let fake: FakeInstall;
beforeAll(async () => {
  fake = await fakeInstall({ server: { version: "0.5.0.19" } });
});
afterAll(async () => fake?.close());

const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe("the app's directory and sockets", () => {
  it("are its user's only: directory 0700, sockets 0600", async () => {
    expect(await mode(fake.server.paths.dir)).toBe(0o700);
    expect(await mode(fake.server.paths.bridgeSocket)).toBe(0o600);
    expect(await mode(fake.server.paths.operatorSocket)).toBe(0o600);
  });

  it("refuses a directory that is too open without changing it, and one that is not a directory", async () => {
    const root = await tempDir("dir");
    const open = join(root, "open");
    await ensureAppDir(open);
    const { chmod } = await import("node:fs/promises");
    await chmod(open, 0o755);
    await expect(ensureAppDir(open)).rejects.toThrow(/mode is 0755/);
    expect(await mode(open)).toBe(0o755);
    await chmod(open, 0o700);
    const file = join(root, "file");
    await writeFile(file, "");
    await expect(ensureAppDir(file)).rejects.toBeInstanceOf(AppDirError);
    await expect(ensureAppDir(join(file, "sub"))).rejects.toBeInstanceOf(AppDirError);
    const { symlink } = await import("node:fs/promises");
    await symlink(open, join(root, "link"));
    await expect(ensureAppDir(join(root, "link"))).rejects.toThrow(/symbolic link/);
  });

  it("refuses a second app in the same directory", async () => {
    const second = createFakeAppServer({ dir: fake.server.paths.dir });
    await expect(second.listen()).rejects.toBeInstanceOf(AppAlreadyRunningError);
  });

  it("replaces a stale socket file left by an app that did not stop", async () => {
    const root = await tempDir("stale");
    const dir = join(root, "app");
    await ensureAppDir(dir);
    // a socket whose process exited without closing it: the file stays
    await execa(process.execPath, ["-e", `require("node:net").createServer().listen(${JSON.stringify(join(dir, "app.sock"))}, () => process.exit(0))`]);
    expect((await lstat(join(dir, "app.sock"))).isSocket()).toBe(true);
    const server = createFakeAppServer({ dir });
    await server.listen();
    expect((await stat(join(dir, "app.sock"))).isSocket()).toBe(true);
    await server.close();
  });
});

describe("the operator endpoint", () => {
  it("plays the human and lets tests inspect the app", async () => {
    const operator = createOperatorClient(fake.server.paths.operatorSocket);
    try {
      const { id } = await operator.createUserSpace("operator-made", { tabs: [{ url: "https://example.com/", title: "Example" }] });
      await operator.takeControl(id, "location");
      let listed = await operator.listSpaces();
      expect(listed.find((s) => s.id === id)).toMatchObject({ name: "operator-made", createdBy: "user", ownership: "user", control: { reason: "location" } });
      await operator.returnControl(id);
      const state = await operator.snapshotState();
      expect(state).toMatchObject({ version: "0.5.0.19", pid: process.pid });
      expect(state.spaces.find((s) => s.id === id)?.tabs).toEqual([expect.objectContaining({ url: "https://example.com/", title: "Example" })]);
      await operator.closeUserSpace(id);
      listed = await operator.listSpaces();
      expect(listed.some((s) => s.id === id)).toBe(false);
      await expect(operator.takeControl(id, "location")).rejects.toThrow(/not found/);
      expect((await operator.describe()).bridgeSocket).toBe(fake.server.paths.bridgeSocket);
    } finally {
      await operator.close();
    }
  });
});

describe("the bridge endpoint", () => {
  it("greets with the build and shares the app between bindings, each with its own selection", async () => {
    const [a, b] = await Promise.all([connectSocketPort(fake.server.paths.bridgeSocket), connectSocketPort(fake.server.paths.bridgeSocket)]);
    try {
      expect(a.welcome).toMatchObject({ t: "welcome", version: "0.5.0.19" });
      const first = createPortBinding(a);
      const second = createPortBinding(b);
      const made = (await first.createTaskSpace("shared over the socket")) as { id: number };
      first.useTaskSpace(made.id);
      const listed = (await second.listTaskSpaces()) as { taskSpaces: { id: number }[] };
      expect(listed.taskSpaces.map((s) => s.id)).toContain(made.id);
      expect(await first.listTabs()).toMatchObject({ tabs: [expect.objectContaining({ active: true })] });
      expect(await second.listTabs()).toMatchObject({ error_code: "EGO_TASK_SPACE_NOT_SELECTED" });
      // an omitted optional argument crosses as omitted, not as null
      expect(await first.createTaskSpace("default profile", undefined)).toMatchObject({ name: "default profile" });
      await first.closeTaskSpace();
    } finally {
      a.close();
      b.close();
    }
  });

  it("rejects pending calls when the app goes away", async () => {
    const root = await tempDir("gone");
    const server = createFakeAppServer({ dir: join(root, "app") });
    await server.listen();
    const port = await connectSocketPort(server.paths.bridgeSocket);
    const ego = createPortBinding(port);
    await server.close();
    await expect(ego.listTaskSpaces()).rejects.toThrow(/connection to the ego lite app/);
  });

  it("ends a connection that sends something other than bridge requests", async () => {
    const socket = createConnection(fake.server.paths.bridgeSocket);
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("error", () => {});
    socket.resume(); // read the welcome, so the end of the stream is seen
    socket.write("not json\n");
    await closed;
  });
});
