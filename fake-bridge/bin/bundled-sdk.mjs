/**
 * The fake app's bundled SDK, imported before the script when no --sdk-path is given: it wraps
 * globalThis.ego in spirit as the real SDK does (research 1.8), so a run sees a wrapped object as on a
 * real build. Plain JavaScript: it is copied next to the installed launcher as is.
 */
const ego = globalThis.ego;
const WRAPPED = Symbol.for("egoBrowser.sdkWrapped");

if (typeof ego === "object" && ego !== null && !ego[WRAPPED]) {
  const native = {};
  for (const key of Object.keys(ego)) {
    if (typeof ego[key] === "function") native[key] = ego[key].bind(ego);
  }
  const state = { selected: undefined, preferredTarget: undefined, sessions: new Map() };
  const dropSessions = () => state.sessions.clear();

  ego.helpers = {
    selectedTaskSpace: () => state.selected,
    preferredTarget: () => state.preferredTarget,
    async listTabs() {
      const listed = await native.listTabs();
      return Array.isArray(listed?.tabs) ? listed.tabs : listed;
    },
    async snapshot(options) {
      const result = await native.snapshot(options);
      return typeof result?.snapshot === "string" ? result.snapshot : result;
    },
  };
  ego.learnings = [];

  ego.createTab = async function createTab(url) {
    const created = await native.createTab(url);
    if (created && typeof created.targetId === "string") state.preferredTarget = created.targetId;
    return created;
  };
  ego.useTaskSpace = function useTaskSpace(id) {
    const result = native.useTaskSpace(id);
    if (id !== state.selected) dropSessions();
    state.selected = id;
    return result;
  };
  for (const name of ["closeTaskSpace", "createTaskSpace", "claimTaskSpace"]) {
    ego[name] = async function (...args) {
      dropSessions();
      state.selected = undefined;
      return native[name](...args);
    };
    Object.defineProperty(ego[name], "name", { value: name });
  }
  let callbacksInstalled = false;
  ego.sendCDPMessage = function sendCDPMessage(message) {
    if (!callbacksInstalled) {
      callbacksInstalled = true;
      if (ego.onCDPMessage === undefined) ego.onCDPMessage = (text) => state.sessions.set("last", text);
      if (ego.onSendCDPMessageError === undefined) ego.onSendCDPMessageError = () => dropSessions();
    }
    return native.sendCDPMessage(message);
  };

  Object.defineProperty(ego, WRAPPED, { value: true });
  for (const [name, helper] of Object.entries(ego.helpers)) globalThis[name] = helper;
  for (const [name, fn] of Object.entries(native)) {
    if (!(name in globalThis)) globalThis[name] = fn;
  }
  if (typeof native.getBrowserVersion === "function") native.getBrowserVersion().catch(() => {});
}
