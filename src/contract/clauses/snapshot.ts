import { defineClauses } from "./define.js";

/** Clauses on real pages (the fixture pages of src/fixture-pages, served on loopback) need `pages`. */
const pages = ["pages"] as const;

/**
 * research 1.5, snapshot, summarising native-snapshot-ref-requirement.md (d6cba71, be48d11): a
 * `refId` unique per snapshot across renderer processes, printed as [ref=<refId>]; `frameId`
 * names the frame that owns the node (omitted for the top document); its acceptance: a page with
 * a same-origin iframe and a cross-origin OOPIF whose renderers repeat backendNodeIds, every
 * printed button and textbox with a distinct ref that resolves to the node in its own frame.
 */
const REF_REQUIREMENT = {
  section: "research 1.5: snapshot (native-snapshot-ref-requirement.md: refId unique per snapshot across renderers, frameId for frame nodes, each ref resolves in its own frame)",
  anchor: "snapshot",
};

/**
 * research 1.5, snapshot: the text tree the builds print (a `root` line, two spaces a level,
 * `<role> "<name>" [ref=N, ...]` lines, an iframe's own `root`). The reference leaves `content`
 * free-form ("Result: { content: '...', refs: [...] }"): the community Linux port prints no root
 * line and unquoted `text: ...` lines. So the tree form is every page clause's open detail.
 */
const TREE_FORM_QUESTION = "the reference leaves content free-form ('content: ...'); research 1.5 records a text tree (a root line, two spaces a level, `<role> \"<name>\" [ref=N, ...]`), research Q28";
const TREE_FORM_BASIS = "native-bindings-api.md Snapshot (Result: { content: '...', refs: [{backendNodeId, role, name, loc?}] }; loc omitted from refs and the textual snapshot); research 1.5 snapshot (the text tree, [ref=<refId>]), research Q25, research Q28";
/** Both iframe clauses: the frame's content under its `iframe` line is judged, the `root` line observed. */
const IFRAME_TREE_FORM = {
  question: TREE_FORM_QUESTION,
  choice: "an iframe line is followed by the frame's own `root` line, its nodes below it",
  core: "the frame's button is printed below (indented under) the frame's `iframe` line, with a [ref=N] that refs list under its name",
  openDetail: "whether the frame's document prints a `root` line of its own under the iframe line",
  basis: TREE_FORM_BASIS,
};

export const snapshotClauses = defineClauses("snapshot", [
  {
    // the reference's Complete Example: createTab(url), then snapshot() reads that page
    id: "snapshot.create-tab.captures-new-tab",
    title: "a snapshot after createTab(url) captures the tab it created: its page shows (polled with a bound), also in a space that already had a page open",
    methods: ["createTab", "snapshot"], severity: "critical",
    doc: { section: "Complete Example (ego.createTab(url), then ego.snapshot() of that page)", anchor: "complete-example" },
  },
  { id: "snapshot.result-shape", title: "snapshot() resolves {content, refs:[{backendNodeId, role, name, loc?}]}", methods: ["snapshot"], severity: "critical" },
  { id: "snapshot.loc.omitted-not-sentinel", title: "refs and content never carry 'unstable' or 'ambiguous' as a locator", methods: ["snapshot"], features: ["locator-omission"] },
  { id: "snapshot.viewport-scope", title: "scope 'only_within_viewport' resolves the documented shape", methods: ["snapshot"] },
  {
    id: "snapshot.max-result-length", title: "maxResultLength bounds the content length", methods: ["snapshot"],
    unspecified: {
      question: "research Q28: characters or bytes, truncation marker",
      choice: "content is cut to at most maxResultLength characters, no marker",
      core:
        "maxResultLength bounds the result: with a bound below the page's full content, the content is shorter than the unbounded snapshot's and " +
        "at most the bound plus room for a truncation marker (64 characters); 0 means unlimited (the full content). A build that ignores the bound and returns the whole tree fails",
      openDetail: "whether the bound counts characters or bytes, whether the cut is exact, and whether a truncation marker is added",
      basis: "native-bindings-api.md Snapshot ('maxResultLength: number. Maximum result content length. Zero or omitted means unlimited.'); research 1.5 snapshot, research Q28",
    },
  },
  { id: "snapshot.subtree", title: "scope 'subtree' with a root from a previous ref captures that node and its descendants, and no other node's ref", methods: ["snapshot"], features: ["snapshot-subtree"] },

  // ---- on real pages ----
  {
    id: "snapshot.page.content-tree", title: "content is the text of the page: it shows the page's heading, its form's fields and its closing paragraph, in document order, each field with a [ref=N]",
    methods: ["snapshot"], needs: [...pages], severity: "critical",
    unspecified: {
      question: TREE_FORM_QUESTION,
      choice: "the tree of research 1.5: a root line, two spaces a level, `<role> \"<name>\" [ref=N, ...]` lines, `text \"...\"`",
      core: "content shows the page's text in document order (its heading, each form field by name, its closing paragraph; quoted or not), and prints a [ref=N] for each field",
      openDetail: "the line syntax: a root line first, two spaces a level and at most one level deeper than the line above, every line `<role>`, `<role> \"<name>\"`, optionally with [key=value, ...]",
      basis: TREE_FORM_BASIS,
    },
  },
  {
    // N: research 1.5, the runtime reads `refId ?? backendNodeId` (builds before the snapshot-ref requirement print the backendNodeId)
    id: "snapshot.page.refs-match-lines", title: "every ref is one printed [ref=N] line, in order, that shows the ref's name; N is the ref's refId, or its backendNodeId when it has none",
    methods: ["snapshot"], needs: [...pages], severity: "critical",
    unspecified: {
      question: TREE_FORM_QUESTION,
      choice: "each ref's line prints its role word as the ref's role: `<role> \"<name>\" [ref=N]`",
      core: "every ref is one printed [ref=N] line, in the order of refs, and that line shows the ref's name (quoted or not); named and labelled buttons carry their names, unnamed ones still have refs",
      openDetail: "the role word a ref's line prints (the fake: the ref's role)",
      basis: TREE_FORM_BASIS,
    },
  },
  {
    id: "snapshot.page.refs-stable", title: "a second snapshot of an unchanged page gives its nodes the same backendNodeIds (research 1.5: refs are stable across calls)",
    methods: ["snapshot"], needs: [...pages],
  },
  {
    id: "snapshot.page.loc.ambiguous-omitted", title: "two links sharing href and name: neither carries loc, in refs or content",
    methods: ["snapshot"], needs: [...pages], features: ["locator-omission"], severity: "critical",
  },
  {
    id: "snapshot.page.loc.unique", title: "every loc a snapshot offers identifies exactly one node of its frame, the ref's own",
    methods: ["snapshot"], needs: [...pages], features: ["locator-omission"], severity: "critical",
  },
  {
    id: "snapshot.page.viewport-scope", title: "only_within_viewport leaves out a button below the fold of a tall page and keeps the one above it",
    methods: ["snapshot"], needs: [...pages],
  },
  {
    id: "snapshot.page.interactive-only", title: "interactiveOnly prints interactive elements only (a form's fields and button, no heading or text)",
    methods: ["snapshot"], needs: [...pages],
  },
  {
    id: "snapshot.page.action-marks", title: "includeActionMarks: true adds action markers to interactive lines; false prints none",
    methods: ["snapshot"], needs: [...pages],
    unspecified: {
      question: "the doc names action markers but not their form, nor the option's default",
      choice: "`action=click|type|select` inside the brackets of interactive nodes (button, link: click; textbox: type; combobox: select)",
      core: "includeActionMarks: true adds action markers to the textual snapshot: on a page with interactive elements the content with true is longer than with false",
      openDetail: "the markers' form (the fake: action=click|type|select in the brackets), which lines carry them, that false prints none, and the default when the option is omitted (the fake: no marks; the doc states none)",
      basis: "native-bindings-api.md Snapshot ('includeActionMarks: boolean. Include action markers in the textual snapshot.'); research 1.5 snapshot, research Q28",
    },
  },
  {
    id: "snapshot.page.subtree", title: "subtree with a root from a previous ref prints that node at depth 1 and only its descendants",
    methods: ["snapshot"], needs: [...pages], features: ["snapshot-subtree"],
  },
  {
    id: "snapshot.page.iframe.same-origin", title: "a same-origin iframe's content is printed under its `iframe` line, with refs",
    methods: ["snapshot"], needs: [...pages],
    unspecified: IFRAME_TREE_FORM,
  },
  {
    // the v2 runtime resolved a top-level ref inside the iframe when two refs printed the same number
    id: "snapshot.page.refs.unique-across-frames",
    title: "on a page whose cross-origin (out-of-process) iframe repeats the page's backendNodeIds, no two refs of one snapshot print the same [ref=N] or carry the same refId",
    methods: ["snapshot"], needs: [...pages], severity: "critical", doc: REF_REQUIREMENT,
  },
  {
    id: "snapshot.page.refs.resolve-in-own-frame",
    title: "every button and textbox ref of a page with a same-origin and a cross-origin iframe resolves in its own frame: a ref printed in a frame carries a frameId, and its backendNodeId, in the frame its frameId names (none: the top document), is that node (read over raw CDP)",
    methods: ["snapshot", "sendCDPMessage"], needs: [...pages, "cdp-traffic"], severity: "critical", doc: REF_REQUIREMENT,
  },
  {
    // the v2 runtime backfilled a top-document ref into the out-of-process iframe and clicked another node
    id: "snapshot.page.refs.top-frame-backfill",
    title:
      "on a page with a cross-origin (out-of-process) iframe, every button and textbox ref of the top document resolves to its node through the runtime's backfill rule: its frameId names the top frame, or, without one, its backendNodeId names no node of an out-of-process frame (a single possible owner)",
    methods: ["snapshot", "sendCDPMessage"], needs: [...pages, "cdp-traffic"], severity: "critical",
    doc: { section: "research 1.5: snapshot (native-snapshot-ref-requirement.md: the runtime back-fills a missing frameId only where a backend id has a single possible owner; native frame metadata is required where renderer-local backend ids repeat)", anchor: "snapshot" },
  },
  {
    // the v2 runtime's CDP call with a ref's frameId answered "Frame with the given frameId is not found."
    id: "snapshot.page.refs.frame-known",
    title: "every frameId a snapshot's refs carry names a frame Chromium knows when the snapshot resolves (the page's frame tree, or an iframe target of the space), also while the page is still loading",
    methods: ["snapshot", "sendCDPMessage", "createTab"], needs: [...pages, "cdp-traffic"], doc: REF_REQUIREMENT,
  },
  {
    // the v2 runtime's real-browser e2e expects a same-origin link by its path (href:/nav-target?...), not its absolute URL
    id: "snapshot.page.loc.href-form",
    title: "an href: loc names its link's target: the link's absolute URL or its path on the frame's origin",
    methods: ["snapshot"], needs: [...pages],
    unspecified: {
      question: "research Q26: the form of an `href:` locator (the reference names none: the link's absolute URL, its path, or its attribute as written)",
      choice: "a link into its frame's own origin by its path (pathname, search and hash: href:/about.html), any other link by its absolute URL",
      core:
        "an href: loc a snapshot offers for a link names that link's target: its absolute URL, or its path (pathname, search and hash) when the link points into the frame's own origin, the two forms the v2 runtime resolves",
      openDetail:
        "which form a same-origin link gets (the fake: its path, as the v2 runtime's real-browser e2e asserts for a native build, `loc=href:/nav-target?locator=unique`, and its real-site log A-004 saw one print, `loc=href:/news/articles/...`)",
      basis:
        "native-bindings-api.md Snapshot (includeStableLocator: 'reusable locator hints on refs when available'); research 1.5 snapshot (loc values `href:...`, the real-site log A-004's native `loc=href:`), research Q26; the v2 runtime's real-browser e2e case for snapshot locators and its href resolver (fake-bridge/README.md)",
    },
  },
  {
    // the fake once gave the first of two links sharing an href a role locator; the v2 runtime's e2e expects none
    id: "snapshot.page.loc.link-href",
    title: "a link is located by its href where no other link of its frame shares it, and carries no locator (none, or `unstable` on builds before locator omission) where one does",
    methods: ["snapshot"], needs: [...pages],
    unspecified: {
      question: "the reference names `href:` locators but not which locator a link gets, nor what a link whose href another link shares gets (research 1.5, research Q26)",
      choice: "a link's only candidate is its href: offered where unique in the link's frame; where not, no locator (builds before locator omission print `unstable`), never a role or css locator instead",
      core: "each link of the page (one with an href of its own, two sharing one under different names) is printed with a ref",
      openDetail:
        "which locator a link gets (the fake: `href:` for the unique link, none or `unstable` for both links sharing an href, as the v2 runtime's real-browser e2e expects of a native build, and its real-site log A-004 saw `loc=href:` for links)",
      basis:
        "native-bindings-api.md Snapshot (includeStableLocator: 'reusable locator hints on refs when available'; 'Do not return `unstable` or `ambiguous` as locator values'); research 1.5 snapshot (a native build printed `loc=unstable` for duplicated hrefs, e2e 6f01c14; A-004's native `loc=href:`), research Q26",
    },
  },
  {
    id: "snapshot.page.iframe.cross-origin", title: "a cross-origin (out-of-process) iframe's content is printed under its `iframe` line, with refs",
    methods: ["snapshot"], needs: [...pages],
    unspecified: IFRAME_TREE_FORM,
  },
]);
