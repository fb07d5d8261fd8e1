/**
 * snapshotFromCdp: the structured snapshot of a real page, built over CDP. Selection and user
 * control are checked before, in the binding; failures come back as data (EGO_SNAPSHOT_FAILED,
 * EGO_WEB_CONTENTS_UNAVAILABLE). The format and its choices: fake-bridge/README.md.
 */
import { fail, failures, ok, type Outcome } from "../failures.js";
import type { Behaviour, PageSnapshotMutants } from "../../behaviour/behaviour.js";
import type { SnapshotOptions, SnapshotResult } from "../snapshot-shape.js";
import type { TextForm } from "../snapshot-text-form.js";
import { isGoneError, type PageCdp } from "../../chromium/page-cdp.js";
import { capturePage, releaseSessions, staleFrameIds, type PageCapture } from "./capture.js";
import { locateNodes } from "./locators.js";
import { offsetRefId, RefIds } from "../../chromium/ref-ids.js";
import { compactTop, hasRef, project, renderLines, type RefNumbering } from "./render.js";
import { allNodes, buildTree, type SnapNode } from "./tree.js";
import { nodesInViewport } from "./viewport.js";

/** What the build and the mutant plan change in a snapshot of a real page. */
export interface PageSnapshotSwitches {
  /** omit a locator that is not unique (true), or print it as 'unstable' (builds before locator omission) */
  locatorOmission: boolean;
  mutants?: Partial<PageSnapshotMutants>;
  /** how content prints its lines (../snapshot-text-form.ts; default the tree form) */
  textForm?: TextForm;
}

/** The switches of a fake app's behaviour (its persona and mutant plan). */
export function snapshotSwitches(behaviour: Behaviour): PageSnapshotSwitches {
  return { locatorOmission: behaviour.locatorOmission, mutants: behaviour.pageSnapshotMutants, textForm: behaviour.snapshotPortTextForm ? "port" : "tree" };
}

export { type CdpSend, type PageCdp } from "../../chromium/page-cdp.js";

function subtreeTop(tree: SnapNode, root: number | undefined): Outcome<readonly SnapNode[]> {
  const matches = allNodes(tree).filter((n) => n.backendNodeId !== undefined && n.backendNodeId === root);
  if (matches.length === 0) return fail(failures.snapshotFailed(`No node with backendNodeId ${String(root)} in the current page`));
  if (matches.length > 1) {
    return fail(failures.snapshotFailed(`backendNodeId ${String(root)} is ambiguous: it names a node in ${matches.length} frames of the current page`));
  }
  const node = matches[0]!;
  return ok(node.role === "root" ? node.children : [node]);
}

/** How many times a capture is taken again when a frame it read is gone by the time it is done. */
const CAPTURE_ATTEMPTS = 3;

/**
 * A capture whose every frame Chromium still knows: the refs hand out frame ids that a caller uses
 * in its own CDP calls at once. Undefined when the frames kept changing for CAPTURE_ATTEMPTS reads.
 */
async function currentCapture(page: PageCdp): Promise<PageCapture | undefined> {
  for (let attempt = 1; attempt <= CAPTURE_ATTEMPTS; attempt++) {
    const capture = await capturePage(page);
    const stale = await staleFrameIds(capture).catch(() => []);
    if (stale.length === 0) return capture;
    await releaseSessions(capture.sessions);
  }
  return undefined;
}

async function build(page: PageCdp, requested: SnapshotOptions, switches: PageSnapshotSwitches): Promise<Outcome<SnapshotResult>> {
  const mutants = switches.mutants ?? {};
  const options: SnapshotOptions = {
    ...requested,
    ...(mutants.viewportScopeIgnored && requested.scope === "only_within_viewport" ? { scope: "full_page" } : {}),
    ...(mutants.subtreeRootIgnored && requested.scope === "subtree" ? { scope: "full_page" } : {}),
    ...(mutants.interactiveOnlyIgnored ? { interactiveOnly: false } : {}),
  };
  const capture = await currentCapture(page);
  if (capture === undefined) return fail(failures.snapshotFailed("Snapshot failed: the page's frames kept changing while the snapshot read them"));
  try {
    const tree = buildTree(capture);
    let top: readonly SnapNode[] = tree.children;
    if (options.scope === "subtree") {
      const chosen = subtreeTop(tree, options.root);
      if (!chosen.ok) return chosen;
      top = chosen.value;
    }
    const inViewport = options.scope === "only_within_viewport" ? await nodesInViewport(tree) : undefined;
    const keep = (n: SnapNode) =>
      (inViewport === undefined || inViewport.has(n)) && (!options.interactiveOnly || n.interactive || n.role === "iframe" || n.role === "root");
    const shown = compactTop(project(top, keep));
    const refOf = mutants.frameRefsOmitted ? (n: SnapNode) => hasRef(n) && n.frame.top : hasRef;
    const locators = options.includeStableLocator
      ? await locateNodes(tree, refOf, { firstCandidate: mutants.ambiguousLocatorsPrinted === true, absoluteHrefs: mutants.hrefLocatorsAbsolute === true })
      : undefined;
    const refIds = page.refIds ?? new RefIds();
    const numbering: RefNumbering = {
      refId: mutants.refsRawBackendIds
        ? () => undefined
        : mutants.refIdsOffset
          ? (n) => offsetRefId(refIds.of(n.frame.frameId, n.backendNodeId!))
          : (n) => refIds.of(n.frame.frameId, n.backendNodeId!),
      frameIds: mutants.frameIdsOmitted !== true,
      topFrameIds: mutants.topFrameIdsOmitted !== true,
    };
    return ok(renderLines(shown, options, locators, switches, numbering, refOf));
  } finally {
    await releaseSessions(capture.sessions);
  }
}

export async function snapshotFromCdp(page: PageCdp, options: SnapshotOptions, switches: PageSnapshotSwitches): Promise<Outcome<SnapshotResult>> {
  try {
    return await build(page, options, switches);
  } catch (error) {
    if (isGoneError(error)) return fail(failures.webContentsUnavailable());
    return fail(failures.snapshotFailed(`Snapshot failed: ${error instanceof Error ? error.message : String(error)}`));
  }
}
