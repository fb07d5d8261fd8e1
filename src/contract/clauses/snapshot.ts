import { defineClauses } from "./define.js";

/** Clauses on real pages (the fixture pages of src/fixture-pages, served on loopback) need `pages`. */
const pages = ["pages"] as const;

export const snapshotClauses = defineClauses("snapshot", [
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
      basis: "native-bindings-api.md Snapshot ('maxResultLength: number. Maximum result content length. Zero or omitted means unlimited.'); research 1.5 snapshot, Q28",
    },
  },
  { id: "snapshot.subtree", title: "scope 'subtree' with a root from a previous ref captures that node and its descendants, and no other node's ref", methods: ["snapshot"], features: ["snapshot-subtree"] },

  // ---- on real pages ----
  {
    id: "snapshot.page.content-tree", title: "content is the documented indented tree: a root line, two spaces a level, `<role> \"<name>\" [ref=N, ...]` lines",
    methods: ["snapshot"], needs: [...pages], severity: "critical",
  },
  {
    id: "snapshot.page.refs-match-lines", title: "every ref is one printed [ref=N] line, in order, with that line's role and name; N is the ref's backendNodeId",
    methods: ["snapshot"], needs: [...pages], severity: "critical",
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
      basis: "native-bindings-api.md Snapshot ('includeActionMarks: boolean. Include action markers in the textual snapshot.'); research 1.5 snapshot, Q28",
    },
  },
  {
    id: "snapshot.page.subtree", title: "subtree with a root from a previous ref prints that node at depth 1 and only its descendants",
    methods: ["snapshot"], needs: [...pages], features: ["snapshot-subtree"],
  },
  {
    id: "snapshot.page.iframe.same-origin", title: "a same-origin iframe's content is printed under its `iframe` line and the frame's own `root`, with refs",
    methods: ["snapshot"], needs: [...pages],
  },
  {
    id: "snapshot.page.iframe.cross-origin", title: "a cross-origin (out-of-process) iframe's content is printed under its `iframe` line and the frame's own `root`, with refs",
    methods: ["snapshot"], needs: [...pages],
  },
]);
