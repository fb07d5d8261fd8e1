import { defineClauses } from "./define.js";

export const snapshotClauses = defineClauses("snapshot", [
  { id: "snapshot.result-shape", title: "snapshot() resolves {content, refs:[{backendNodeId, role, name, loc?}]}", methods: ["snapshot"], severity: "critical" },
  { id: "snapshot.loc.omitted-not-sentinel", title: "refs and content never carry 'unstable' or 'ambiguous' as a locator", methods: ["snapshot"], features: ["locator-omission"] },
  { id: "snapshot.viewport-scope", title: "scope 'only_within_viewport' resolves the documented shape", methods: ["snapshot"] },
  {
    id: "snapshot.max-result-length", title: "maxResultLength bounds the content length", methods: ["snapshot"],
    unspecified: { question: "research Q28: characters or bytes, truncation marker", choice: "content is cut to at most maxResultLength characters, no marker" },
  },
  { id: "snapshot.subtree", title: "scope 'subtree' with a root from a previous ref captures that node and its descendants", methods: ["snapshot"], features: ["snapshot-subtree"] },
]);
