import { defineClauses } from "./define.js";

/** research 1.5, snapshot: "Native snapshot only sees the active tab; v2 activates the target Page first" */
const RESEARCH_ACTIVE_TAB = { section: "research 1.5: snapshot (the native snapshot only sees the active tab; the v2 runtime activates the target page first)", anchor: "snapshot" };

/** research 1.3: the runtime-only code EGO_URL_OPENED_IN_POPUP (the v2 runtime reports a url opened in a popup of the space) */
const RESEARCH_POPUP = { section: "Runtime Model (task-scoped calls act on the selected space); research 1.3: runtime-only code EGO_URL_OPENED_IN_POPUP", anchor: "runtime-model" };

export const tabClauses = defineClauses("tabs", [
  { id: "tabs.create.result", title: "createTab(url) resolves a descriptor with a targetId", methods: ["createTab"], severity: "critical" },
  { id: "tabs.list.shape", title: "listTabs resolves {tabs:[{index, targetId, url, title, active}]}", methods: ["listTabs"], severity: "critical" },
  { id: "tabs.list.contains-created", title: "a created tab is listed with its targetId and url", methods: ["createTab", "listTabs"] },
  // with nothing selected too: no space's tabs (Runtime Model: 'Task-scoped APIs operate on the current task context')
  { id: "tabs.list.scoped-to-space", title: "listTabs lists only the selected task space's tabs, and no space's tabs with nothing selected", methods: ["listTabs", "useTaskSpace"], severity: "critical" },
  {
    // "Lists tabs in the current task space" (Tabs, listTabs): a space whose tabs are all closed has
    // none to list; a host whose per-space filter came out empty listed the whole browser
    id: "tabs.list.scoped-empty-space", title: "listTabs of a space whose tabs were all closed (over its raw CDP channel) lists no other space's tab",
    methods: ["listTabs", "sendCDPMessage"], needs: ["pages"], severity: "critical",
  },
  {
    id: "tabs.list.real-title", title: "a tab opened on a page with a <title> is listed with that title once the page has loaded (polled with a bound)",
    methods: ["createTab", "listTabs"], needs: ["pages"],
  },
  {
    id: "tabs.create.real-target", title: "createTab's targetId is the CDP targetId of a page target of the space (Target.getTargets over sendCDPMessage lists it)",
    methods: ["createTab", "sendCDPMessage"], needs: ["pages"], severity: "critical",
  },
  {
    // the v1 runtime's closeTab sends Target.closeTarget and polls listTabs for 2 s until the tab is
    // gone; its real-browser e2e failed one run in two on the fake, the tab still listed
    id: "tabs.cdp-close.unlisted",
    title: "a tab closed with Target.closeTarget over sendCDPMessage is no longer listed by listTabs once the close is answered",
    methods: ["createTab", "sendCDPMessage", "listTabs"], needs: ["pages"],
    unspecified: {
      question: "the reference says nothing of closing a tab: when a tab closed over the raw CDP channel leaves listTabs",
      choice: "Target.closeTarget is answered once Chromium reports the target gone (bounded): the first listTabs after the answer no longer lists it",
      core: "the closed tab leaves listTabs within 2 s of the close's answer (polled; the v1 runtime's closeTab waits that long), and the space's other tab stays listed",
      openDetail: "whether the first listTabs after the close's answer already leaves it out (the fake: it does)",
      basis: "native-bindings-api.md Tabs (listTabs: 'Lists tabs in the current task space'); the v1 runtime's closeTab (Target.closeTarget, then listTabs polled for 2 s), seen in its real-browser e2e on the fake",
    },
  },
  {
    id: "tabs.list.one-active", title: "exactly one listed tab is active", methods: ["listTabs"],
    unspecified: {
      question: "research Q8: exactly one active tab, index semantics",
      choice: "the most recently created tab is active; indexes are 0..n-1 in creation order",
      core: "a space with tabs has exactly one active tab (a space has an 'active tab' that claiming keeps), and every listed tab carries a numeric index and a boolean active",
      openDetail: "which tab is active after createTab (the fake: the newest) and what index means (the fake: 0..n-1 in creation order)",
      basis: "native-bindings-api.md Tabs (listTabs typical result: index, active), Task Spaces claimTaskSpace ('keeps its browser profile, tabs, active tab'); research Q8",
    },
  },
  {
    id: "tabs.cdp-activate.active-tab",
    title: "Target.activateTarget over sendCDPMessage makes that tab the space's active tab: listTabs reports it as the one active tab and snapshot reads it",
    methods: ["sendCDPMessage", "listTabs", "snapshot", "createTab"], needs: ["pages"], severity: "critical", doc: RESEARCH_ACTIVE_TAB,
    unspecified: {
      question: "research 1.5 (an observation: the native snapshot sees only the active tab, and the v2 runtime activates the target page first) and research Q8: which tab is active; the reference states neither what activateTarget does to the space nor which tab snapshot reads",
      choice: "the activated tab becomes the space's one active tab, and snapshot reads it (what the v2 runtime relies on)",
      core: "Target.activateTarget on a tab of the selected space, sent over sendCDPMessage, is answered with a result (native-bindings-api.md, Chrome DevTools Protocol: the message is sent for the selected agent-owned space)",
      openDetail: "whether listTabs then reports the activated tab as the one active tab and snapshot reads it rather than the newest tab",
      basis: "native-bindings-api.md Chrome DevTools Protocol (sendCDPMessage), Tabs (listTabs: active); research 1.5 (snapshot), research Q8",
    },
  },
  {
    // The reference is silent on popups; its Runtime Model scopes every
    // task-scoped call to the selected space ('Task-scoped APIs operate on the current task
    // context'), and research 1.3 lists EGO_URL_OPENED_IN_POPUP among the runtime-only codes: the
    // v2 runtime reports a URL that opened in a popup, which it finds among the space's tabs.
    id: "tabs.popup.in-opener-space",
    title: "a popup a space's page opens (a target=_blank link) is listed in that space's listTabs with the url it opened, and in no other space's",
    methods: ["createTab", "listTabs", "sendCDPMessage", "useTaskSpace"], needs: ["pages"], doc: RESEARCH_POPUP,
    unspecified: {
      question: "the reference says nothing of popups: whether a page a space's page opens is a tab of that space, and what 'loaded' means for it",
      choice: "the popup is a tab of its opener's space, listed with its url and, once loaded, its title",
      core: "the popup is listed in its opener's space's listTabs, as a tab of its own, with the url the link opened (polled with a bound), and is not listed in another space",
      openDetail: "whether the listing shows the popup page's <title> within the same bound (the fake: it does, the page has loaded)",
      basis: "native-bindings-api.md Runtime Model ('Task-scoped APIs operate on the current task context'), Tabs (listTabs); research 1.3 (runtime-only code EGO_URL_OPENED_IN_POPUP), research 4.2 (real-browser e2e: native close regression with popup + dialog)",
    },
  },
]);
