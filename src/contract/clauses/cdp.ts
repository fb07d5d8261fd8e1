import { defineClauses } from "./define.js";

const RESEARCH_CDP = { section: "research 1.5: sendCDPMessage / onCDPMessage / onSendCDPMessageError (CDP facts the runtime recorded)", anchor: "chrome-devtools-protocol" };
const SPACE_ISOLATION = { section: "Chrome DevTools Protocol: messages go to the selected, agent-owned task space (a space sees neither another space's targets nor the user's)", anchor: "chrome-devtools-protocol" };

export const cdpClauses = defineClauses("cdp", [
  { id: "cdp.send.returns-undefined", title: "sendCDPMessage returns undefined synchronously", methods: ["sendCDPMessage"], severity: "critical" },
  // each callback is first shown to be called in the same run: a callback never called proves nothing by not being called
  { id: "cdp.callbacks.non-function-clears", title: "assigning a non-function to onSendCDPMessageError or onCDPMessage clears the callback: neither it nor the function before it is called", methods: ["sendCDPMessage"] },
  { id: "cdp.send.missing-space", title: "a send on a selected space that no longer exists is not sent and reports an error_code through the callback", methods: ["sendCDPMessage"], features: ["error-codes"] },
  {
    id: "cdp.round-trip.attach-flatten", title: "Target.attachToTarget with flatten on the space's tab answers a sessionId, as a JSON string through onCDPMessage",
    methods: ["sendCDPMessage", "createTab"], needs: ["pages"], severity: "critical",
  },
  {
    id: "cdp.round-trip.runtime-evaluate", title: "Runtime.evaluate on a flattened session is answered by the page, with the message's id and sessionId",
    methods: ["sendCDPMessage", "createTab"], needs: ["pages"], severity: "critical",
  },
  {
    id: "cdp.round-trip.event", title: "an event of an attached session (Runtime.executionContextCreated after Runtime.enable) reaches onCDPMessage as a JSON string with its sessionId",
    methods: ["sendCDPMessage", "createTab"], needs: ["pages"],
  },
  {
    id: "cdp.browser-getversion.answered", title: "CDP Browser.getVersion is answered (the fake: with protocolVersion and product)",
    methods: ["sendCDPMessage"], features: ["cdp-browser-getversion"], doc: RESEARCH_CDP,
    unspecified: {
      question: "research Q21: which CDP methods the app's channel rejects (Browser.getVersion among those asked about; research 1.5: it may fail, a third party reports it unsupported on 0.5.0.28)",
      choice: "forwarded to the browser, which answers it with protocolVersion and product",
      core: "a raw CDP message sent on the selected agent-owned space is sent and answered: a response with the message's id reaches onCDPMessage (native-bindings-api.md, Chrome DevTools Protocol: sendCDPMessage sends, onCDPMessage receives; its examples send Browser.getVersion)",
      openDetail: "whether the answer is a result carrying protocolVersion and product, or an error",
      basis: "native-bindings-api.md Chrome DevTools Protocol (sendCDPMessage, onCDPMessage, the onSendCDPMessageError example); research 1.5 (Browser.getVersion may fail), research Q21",
    },
  },
  {
    id: "cdp.refused.grant-permissions", title: "Browser.grantPermissions is answered on the app's CDP channel (the fake: refused, with an error)",
    methods: ["sendCDPMessage"], doc: RESEARCH_CDP,
    unspecified: {
      question: "research Q21: which CDP methods the app's channel rejects (Browser.grantPermissions among those asked about); the reference names no refused method",
      choice: "refused with an error response, as the runtime recorded for clipboardReadWrite (research 1.5, PWB-10): a grant would outlive the task in the user's profile",
      core: "a raw CDP message sent on the selected agent-owned space is sent and answered: a response with the message's id reaches onCDPMessage (native-bindings-api.md, Chrome DevTools Protocol)",
      openDetail: "whether Browser.grantPermissions is refused (an error response) or forwarded (a result)",
      basis: "native-bindings-api.md Chrome DevTools Protocol (sendCDPMessage, onCDPMessage); research 1.5 (an observation: grantPermissions with clipboardReadWrite was rejected), research Q21",
    },
  },
  {
    id: "cdp.isolation.attach-other-space-refused", title: "Target.attachToTarget on another task space's tab is refused: no session, an error response",
    methods: ["sendCDPMessage", "createTab", "useTaskSpace"], needs: ["pages"], severity: "blocker", doc: SPACE_ISOLATION,
  },
  {
    id: "cdp.isolation.targets-scoped", title: "Target.getTargets lists the selected space's tabs and none of another space's",
    methods: ["sendCDPMessage", "createTab", "useTaskSpace"], needs: ["pages"], severity: "blocker", doc: SPACE_ISOLATION,
  },
  {
    id: "cdp.isolation.session-stays-in-space", title: "a session attached in one space cannot be used after another space is selected",
    methods: ["sendCDPMessage", "useTaskSpace"], needs: ["pages"], severity: "blocker", doc: SPACE_ISOLATION,
  },
  {
    // an independent host's launcher killed and relaunched the shared browser under load ("CDP channel is not open")
    id: "cdp.session.survives-other-invocation", title: "a raw CDP session one invocation attached still answers after another invocation started and attached to the same tab",
    methods: ["sendCDPMessage", "createTab"], needs: ["pages"], severity: "critical", doc: RESEARCH_CDP,
    unspecified: {
      question: "research Q31: launcher semantics (behaviour when the app is not running: auto-launch?); the reference does not state that an invocation leaves the browser running",
      choice: "the browser is the installed app's and stays up: an invocation's start neither restarts it nor ends another invocation's CDP sessions",
      core: "the browser is the installed app, shared by every `ego-browser nodejs` invocation injected into it (research 1.1); restarting it ends active agent tasks and is a user's act (research 3.3): a session one invocation attached keeps answering after another invocation starts and attaches to the same tab",
      openDetail: "whether the second invocation's own session on that tab also still answers once the first one used its session again (observed)",
      basis: "research 1.1 (runtime model: the app injects ego into each `ego-browser nodejs` process), research 3.3 (restarting the app ends active agent tasks), research Q31; the harness saw an independent host's launcher relaunch the shared browser under load",
    },
  },
]);
