/**
 * The browser side of compat.html, bundled by esbuild into the page's one inline script: renders
 * the matrix from its embedded data, the view kept in the URL hash so a link reproduces it. The
 * status and change rules come from the data (computed in src/matrix), not from here.
 */
import type { CompatJson } from "../compat-schema.js";

type Compat = CompatJson;
type Target = Compat["targets"][number];
type Clause = Compat["clauses"][number];
type Cell = Clause["cells"][string];
type Status = Cell["status"];
/** What render-page.ts embeds (its PageData, with the compat type). */
interface PageData {
  compat: Compat;
  statuses: Status[];
  statusText: Record<Status, { short: string; long: string }>;
  changeKinds: string[];
  changeText: Record<string, string>;
  changeTable: Record<string, string>;
  standIn: string[];
  verdict: { clean: boolean; failingTargets: string[]; failingCells: { clause: string; target: string; status: Status }[] };
}
interface State {
  view: "grid" | "diff";
  areas: Set<string>;
  statuses: Set<Status>;
  query: string;
  differ: boolean;
  from: string;
  to: string;
}

(function compatPage() {
  "use strict";

  const dataNode = document.getElementById("compat-data");
  if (!dataNode || !dataNode.textContent) throw new Error("compat.html: the matrix data is missing");
  const data: PageData = JSON.parse(dataNode.textContent);
  const compat = data.compat;
  const targets = compat.targets;
  const ran = targets.filter((t) => t.availability === "ran");

  function el(id: string) {
    const node = document.getElementById(id);
    if (!node) throw new Error(`compat.html: #${id} is missing`);
    return node;
  }

  function esc(text: unknown) {
    return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] || c);
  }

  function percent(value: number|null) {
    return value === null ? "—" : `${(value * 100).toFixed(1)}%`;
  }

  function cellKey(cell: Cell) {
    return cell.outcome === undefined ? cell.status : `${cell.status}:${cell.outcome}`;
  }

  function cellText(cell: Cell) {
    const short = data.statusText[cell.status].short;
    if (cell.status === "unspecified" && cell.outcome === "differs-from-the-fake") return `${short} ≠`;
    if (cell.status === "unspecified" && cell.outcome === "as-the-fake-chose") return `${short} =`;
    return short;
  }

  function cellSentence(cell: Cell) {
    const parts = [data.statusText[cell.status].long];
    if (cell.outcome === "differs-from-the-fake") parts.push("the build did something other than what the fake does");
    if (cell.outcome === "as-the-fake-chose") parts.push("the build did what the fake does");
    if (cell.reason) parts.push(cell.reason.text);
    if (cell.messages && cell.messages[0]) parts.push(cell.messages[0].split("\n")[0] || "");
    if (cell.differsFromFake) {
      const { fake, count, differences } = cell.differsFromFake;
      const first = differences[0];
      const where = first ? `${first.call ?? ""} ${first.kind}${first.path ? ` ${first.path}` : ""}: build ${JSON.stringify(first.build)}, fake ${JSON.stringify(first.fake)}` : "";
      parts.push(`differs from the fake (${fake}): ${count} judged difference${count === 1 ? "" : "s"}${where ? `, first ${where.trim()}` : ""}`);
    }
    return parts.filter(Boolean).join(". ");
  }

  const STAND_IN_NOTE = "the current build's version standing in for a build with no known build number";

  function targetHeading(t: Target) {
    const [version, ...rest] = t.label.split(" · ");
    const mark = data.standIn.includes(t.key) ? "*" : "";
    return { version: `${version || t.label}${mark}`, what: rest.join(" · ") };
  }

  // ---------------------------------------------------------------- state in the URL hash

  function defaultState(): State {
    return {
      view: "grid",
      areas: new Set(compat.areas.map((a) => a.id)),
      statuses: new Set(data.statuses),
      query: "",
      differ: false,
      from: (ran[0] || targets[0] || { key: "" }).key,
      to: (ran[ran.length - 1] || targets[targets.length - 1] || { key: "" }).key,
    };
  }

  function readHash(): State {
    const state = defaultState();
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    const view = params.get("view");
    if (view === "diff" || view === "grid") state.view = view;
    const areas = params.get("areas");
    if (areas !== null) state.areas = new Set(areas.split(",").filter((a) => compat.areas.some((x) => x.id === a)));
    const statuses = params.get("statuses");
    if (statuses !== null) state.statuses = new Set((statuses.split(",").filter((s) => data.statuses.includes(s as Status)) as Status[]));
    state.query = params.get("q") || "";
    state.differ = params.get("differ") === "1";
    const from = params.get("from");
    const to = params.get("to");
    if (from && targets.some((t) => t.key === from)) state.from = from;
    if (to && targets.some((t) => t.key === to)) state.to = to;
    return state;
  }

  function writeHash(state: State) {
    const params = new URLSearchParams();
    const defaults = defaultState();
    if (state.view !== "grid") params.set("view", state.view);
    if (state.areas.size !== defaults.areas.size) params.set("areas", [...state.areas].join(","));
    if (state.statuses.size !== defaults.statuses.size) params.set("statuses", [...state.statuses].join(","));
    if (state.query) params.set("q", state.query);
    if (state.differ) params.set("differ", "1");
    if (state.from !== defaults.from) params.set("from", state.from);
    if (state.to !== defaults.to) params.set("to", state.to);
    const hash = params.toString();
    history.replaceState(null, "", hash ? `#${hash}` : location.pathname + location.search);
  }

  let state = readHash();

  // ---------------------------------------------------------------- static parts

  function renderHeader() {
    const generated = new Date(compat.generatedAt);
    el("meta").innerHTML = [
      `${targets.length} targets × ${compat.clauses.length} clauses`,
      `generated ${esc(generated.toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC"))}`,
      `${esc(compat.harness.name)} ${esc(compat.harness.version)}`,
      `plan <code>${esc(compat.plan.id)}</code>${compat.plan.shards > 1 ? ` in ${compat.plan.shards} shards` : ""}`,
    ]
      .map((s) => `<span>${s}</span>`)
      .join("");
    const warnings = el("warnings");
    if (compat.warnings.length > 0) {
      warnings.hidden = false;
      warnings.innerHTML = `<h2>${compat.warnings.length === 1 ? "1 warning" : `${compat.warnings.length} warnings`}</h2><ul>${compat.warnings.map((w) => `<li>${esc(w)}</li>`).join("")}</ul>`;
    }
  }

  const failingTargets = new Set(data.verdict.failingTargets);

  /** The verdict at the top (the matrix's exit-status rule, computed in src/matrix/verdict.ts), and every failing cell in one list. */
  function renderVerdict() {
    const v = data.verdict;
    const node = el("verdict");
    node.className = `verdict ${v.clean ? "clean" : "not-clean"}`;
    const label = (key: string) => (targets.find((t) => t.key === key) || { label: key }).label;
    const head = v.clean
      ? `<h2>Matrix: CLEAN</h2><p>Every target ran; no clause failed, failed a precondition, broke or went without a result.</p>`
      : `<h2>Matrix: NOT CLEAN</h2><p>${v.failingTargets.length} of ${targets.length} targets failing: ${v.failingTargets.map((k) => `<strong>${esc(label(k))}</strong>`).join(", ")}; ${v.failingCells.length} failing cell${v.failingCells.length === 1 ? "" : "s"}${compat.warnings.length ? `; ${compat.warnings.length} warning(s)` : ""}.</p>`;
    const list = v.failingCells.length === 0 ? "" :
      `<ul class="failing-cells" id="failing-cells">${v.failingCells.map((f) => `<li data-clause="${esc(f.clause)}" data-target="${esc(f.target)}"><span class="pill s-${f.status}">${esc(data.statusText[f.status].short)}</span> <code>${esc(f.clause)}</code> on ${esc(label(f.target))}</li>`).join("")}</ul>`;
    node.innerHTML = head + list;
  }

  /** Which builds may ship: the release gate's verdict per target (src/matrix/target-gate.ts runs the gate), carried by compat.json. */
  function renderShip() {
    const gate = compat.gate;
    if (!gate) return;
    const node = el("ship");
    node.hidden = false;
    const label = (key: string) => (targets.find((t) => t.key === key) || { label: key }).label;
    const held = targets.filter((t) => t.gate && !t.gate.ship);
    node.className = `ship ${held.length === 0 ? "clean" : "not-clean"}`;
    node.innerHTML = `<h2>${gate.ship.length} of ${targets.length} builds may ship</h2>` +
      `<p>By the release gate (<code>ego-conformance gate</code>), against ${esc(gate.against)}.` +
      (gate.ship.length ? ` May ship: ${gate.ship.map((k) => `<strong>${esc(label(k))}</strong>`).join(", ")}.` : "") + `</p>` +
      (held.length ? `<ul class="held">${held.map((t) => `<li data-target="${esc(t.key)}"><strong>${esc(t.label)}</strong>: DO NOT SHIP: ${esc(t.gate!.reasons.join("; "))}</li>`).join("")}</ul>` : "");
  }

  function renderScoreboard() {
    el("scoreboard").innerHTML = targets
      .map((t) => {
        const h = targetHeading(t);
        const s = t.score;
        const width = s.value === null ? 0 : Math.round(s.value * 1000) / 10;
        const parts: [number, string][] = [
          [s.failed, "failed"],
          [s.preconditionFailed, "precondition failed"],
          [s.broken, "broken"],
          [s.flaky, "flaky (passed after a retry)"],
          [s.known, "known"],
          [s.unknown, "unknown"],
          [s.notApplicable, "n/a"],
          [s.unspecified.observed, `observed${s.unspecified.differs ? ` (${s.unspecified.differs} differ from the fake)` : ""}`],
          [s.unspecified.unobserved, "unspecified without an observation"],
        ];
        const counts = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`).join(" · ") || "nothing else";
        const availability = t.availability === "ran" ? "" : ` <span class="availability" title="${esc(t.reason || "")}">${esc(t.availability === "missing" ? "missing shard" : `not run: ${t.availability}`)}</span>`;
        const failing = failingTargets.has(t.key);
        const mark = failing ? ` <span class="failing-mark">FAILING</span>` : "";
        return `<li data-target="${esc(t.key)}"${failing ? ` class="failing" data-failing="1"` : ""}><div class="version">${esc(h.version)}${availability}${mark}</div><div class="what">${esc(h.what)}</div>` +
          shipMark(t) +
          `<div class="score" aria-label="score ${esc(percent(s.value))}">${esc(percent(s.value))}${t.gate && t.gate.lost > 0 ? ` <span class="lost-note">of what ran; coverage lost</span>` : ""}</div>` +
          `<div class="bar" aria-hidden="true"><span style="width:${width}%"></span></div>` +
          `<div class="counts">${s.passed} of ${s.applicable} applicable required clauses passed</div>` +
          (t.gate && t.gate.lost > 0 ? `<div class="lost">${t.gate.lost} clauses lost: not applicable because the build lacks what ${t.gate.against === "the contract" ? "its version has" : "the baseline had"}</div>` : "") +
          (t.gate && t.gate.notJudgedHere > 0 ? `<div class="counts">${t.gate.notJudgedHere} clauses not judged here</div>` : "") +
          `<div class="counts">${esc(counts)}</div></li>`;
      })
      .join("");
    const interop = compat.interop;
    el("interop").innerHTML = `Interop: <strong>${esc(percent(interop.value))}</strong> — ${interop.holdEverywhere} of ${interop.applicable} required clauses hold on every target where they apply.` +
      ` <details><summary>How scores are counted</summary><p>${esc(compat.scoreDefinition)}</p><p>${esc(interop.definition)}</p></details>`;
  }

  /** The gate's word for a card, beside its score; absent when compat.json carries no gate. */
  function shipMark(t: Target): string {
    if (!t.gate) return "";
    const title = t.gate.ship ? `may ship (gated against ${t.gate.against})` : t.gate.reasons.join("; ");
    return `<div class="ship-line"><span class="ship-mark ${t.gate.ship ? "ship-yes" : "ship-no"}" title="${esc(title)}">${t.gate.ship ? "SHIP" : "DO NOT SHIP"}</span></div>`;
  }

  function renderLegend() {
    el("legend").innerHTML = data.statuses
      .map((s) => `<span><span class="pill s-${s}">${esc(data.statusText[s].short)}</span> ${esc(data.statusText[s].long)}</span>`)
      .join("") + (data.standIn.length ? `<span class="stand-in-note">a version marked * is ${esc(STAND_IN_NOTE)}</span>` : "");
  }

  // ---------------------------------------------------------------- filters

  function renderFilters() {
    const areaCounts = new Map(compat.areas.map((a) => [a.id, compat.clauses.filter((c) => c.area === a.id).length]));
    el("area-filter").innerHTML =
      `<legend>Areas</legend>` +
      compat.areas
        .map((a) => `<label title="${esc(a.title)}"><input type="checkbox" name="area" value="${esc(a.id)}"> ${esc(a.id)} <span class="tag">${areaCounts.get(a.id)}</span></label>`)
        .join("") +
      `<button type="button" data-all="area">all</button> <button type="button" data-none="area">none</button>`;
    // per status: how many clauses have at least one cell of it (what that status alone would show)
    const statusCounts = new Map(data.statuses.map((s) => [s, compat.clauses.filter((c) => targets.some((t) => { const cell = c.cells[t.key]; return cell !== undefined && cell.status === s; })).length]));
    el("status-filter").innerHTML =
      `<legend>Show clauses with a cell that is</legend>` +
      data.statuses
        .map((s) => `<label><input type="checkbox" name="status" value="${esc(s)}"> <span class="pill s-${s}">${esc(data.statusText[s].short)}</span> ${esc(s)} <span class="tag" title="clauses with at least one ${esc(s)} cell">${statusCounts.get(s)}</span></label>`)
        .join("") +
      `<button type="button" data-all="status">all</button>`;
  }

  function syncFilterControls() {
    document.querySelectorAll('input[name="area"]').forEach((node) => {
      const input = (node as HTMLInputElement);
      input.checked = state.areas.has(input.value);
    });
    document.querySelectorAll('input[name="status"]').forEach((node) => {
      const input = (node as HTMLInputElement);
      input.checked = state.statuses.has((input.value as Status));
    });
    (el("search") as HTMLInputElement).value = state.query;
    (el("differ") as HTMLInputElement).checked = state.differ;
  }

  function rowVisible(clause: Clause) {
    if (!state.areas.has(clause.area)) return false;
    if (state.query) {
      const q = state.query.toLowerCase();
      if (!clause.id.toLowerCase().includes(q) && !clause.title.toLowerCase().includes(q)) return false;
    }
    const cells = targets.map((t) => clause.cells[t.key]).filter((c) => c !== undefined);
    if (!cells.some((c) => c && state.statuses.has(c.status))) return false;
    if (state.differ) {
      const keys = new Set(ran.map((t) => clause.cells[t.key]).filter((c) => c !== undefined).map((c) => cellKey((c as Cell))));
      if (keys.size < 2) return false;
    }
    return true;
  }

  // ---------------------------------------------------------------- grid

  function renderGrid() {
    const head = targets
      .map((t) => {
        const h = targetHeading(t);
        return `<th scope="col" data-target="${esc(t.key)}" title="${esc(`${t.label} (${t.key})${t.reason ? `: ${t.reason}` : ""}`)}"><div>${esc(h.version)}</div><div class="what" style="font-weight:400">${esc(h.what)}</div></th>`;
      })
      .join("");
    const scores = targets
      .map((t) => `<th scope="col" class="score-cell" data-target="${esc(t.key)}" title="${esc(`${t.score.passed} of ${t.score.applicable} applicable required clauses passed`)}">${esc(percent(t.score.value))}<div class="bar" aria-hidden="true"><span style="width:${t.score.value === null ? 0 : t.score.value * 100}%"></span></div></th>`)
      .join("");
    let body = "";
    for (const area of compat.areas) {
      const rows = compat.clauses.filter((c) => c.area === area.id);
      body += `<tr class="area" data-area="${esc(area.id)}"><th scope="rowgroup" colspan="1">${esc(area.id)} <span class="tag">${rows.length}</span> <span style="font-weight:400;color:var(--muted)">${esc(area.title)}</span></th><td colspan="${targets.length}"></td></tr>`;
      for (const c of rows) {
        const tags = [`<span class="tag">${esc(c.severity)}</span>`];
        if (c.unspecified) {
          const core = c.unspecified.core === null ? "Documented core: none (observed only)." : `Documented core (judged): ${c.unspecified.core}`;
          tags.push(`<span class="tag" title="${esc(`The docs leave this partly open: ${c.unspecified.question} ${core} Open detail (observed): ${c.unspecified.openDetail} The fake's choice: ${c.unspecified.choice}`)}">${c.unspecified.core === null ? "unspecified" : "core judged, detail observed"}</span>`);
        }
        const cells = targets
          .map((t) => {
            const cell = c.cells[t.key];
            if (!cell) return `<td class="cell s-unknown" data-target="${esc(t.key)}" data-status="unknown">?</td>`;
            return `<td class="cell s-${cell.status}" data-target="${esc(t.key)}" data-status="${cell.status}"><button type="button" data-clause="${esc(c.id)}" data-target="${esc(t.key)}" aria-label="${esc(`${c.id} on ${t.label}: ${cellSentence(cell)}`)}" title="${esc(cellSentence(cell))}">${esc(cellText(cell))}</button></td>`;
          })
          .join("");
        body += `<tr class="clause" data-clause="${esc(c.id)}" data-area="${esc(c.area)}"><th scope="row" class="clause"><span class="tags">${tags.join("")}</span><code>${esc(c.id)}</code><span class="title">${esc(c.title)}</span></th>${cells}</tr>`;
      }
    }
    el("grid").innerHTML =
      `<caption class="count-line" style="caption-side:top;text-align:left" id="grid-caption">Clauses by target</caption>` +
      `<thead><tr class="targets"><th scope="col" class="corner">Clause</th>${head}</tr><tr class="scores"><th scope="row" class="corner">Score</th>${scores}</tr></thead><tbody>${body}</tbody>`;
    const firstRow = (document.querySelector("table.grid thead tr.targets") as HTMLElement|null);
    if (firstRow) el("grid").style.setProperty("--head-h", `${firstRow.offsetHeight}px`);
  }

  function applyFilters() {
    let shown = 0;
    for (const c of compat.clauses) {
      const row = (document.querySelector(`tr.clause[data-clause="${CSS.escape(c.id)}"]`) as HTMLElement|null);
      const visible = rowVisible(c);
      if (row) row.hidden = !visible;
      if (visible) shown += 1;
    }
    for (const area of compat.areas) {
      const header = (document.querySelector(`tr.area[data-area="${CSS.escape(area.id)}"]`) as HTMLElement|null);
      const any = compat.clauses.some((c) => c.area === area.id && rowVisible(c));
      if (header) header.hidden = !any;
    }
    // a narrowed status filter: the cells of other statuses are dimmed, and a target column with
    // no cell of a ticked status in the rows shown is hidden (so the cells left in view are the ones asked for)
    const narrowed = state.statuses.size < data.statuses.length;
    const shownRows = compat.clauses.filter(rowVisible);
    let columns = 0;
    for (const t of targets) {
      const keep = !narrowed || shownRows.some((c) => { const cell = c.cells[t.key]; return cell !== undefined && state.statuses.has(cell.status); });
      if (keep) columns += 1;
      document.querySelectorAll(`table.grid [data-target="${CSS.escape(t.key)}"]`).forEach((node) => {
        const n = node as HTMLElement;
        if (n.tagName === "BUTTON") return;
        n.hidden = !keep;
        if (n.classList.contains("cell")) n.classList.toggle("dim", narrowed && !state.statuses.has((n.getAttribute("data-status") || "unknown") as Status));
      });
    }
    // the grid's width is the clause column and the target columns in view (fixed widths: compat-page.css)
    el("grid").style.setProperty("--targets", String(columns));
    el("shown").textContent = `Showing ${shown} of ${compat.clauses.length} clauses`;
  }

  // ---------------------------------------------------------------- details

  function showDetails(clauseId: string, targetKey: string) {
    const clause = compat.clauses.find((c) => c.id === clauseId);
    const target = targets.find((t) => t.key === targetKey);
    if (!clause || !target) return;
    const cell = clause.cells[targetKey];
    if (!cell) return;
    const parts = [
      `<button type="button" class="close" aria-label="Close details">×</button>`,
      `<h2><code>${esc(clause.id)}</code></h2>`,
      `<p>${esc(clause.title)}</p>`,
      `<p><strong>${esc(target.label)}</strong> <span class="tag">${esc(target.key)}</span></p>`,
      `<p><span class="pill s-${cell.status}">${esc(cellText(cell))}</span> ${esc(data.statusText[cell.status].long)}</p>`,
    ];
    if (cell.reason) parts.push(`<p>Why: ${esc(cell.reason.text)}${cell.reason.key ? ` <span class="tag">${esc(cell.reason.key)}</span>` : ""}</p>`);
    if (clause.unspecified) parts.push(`<p>The docs leave this open: ${esc(clause.unspecified.question)}<br>The fake's choice: ${esc(clause.unspecified.choice)}</p>`);
    if (cell.outcome) parts.push(`<p>Outcome: <strong>${esc(cell.outcome)}</strong></p>`);
    for (const o of cell.observed || []) parts.push(`<p>Observed:</p><pre>${esc(o)}</pre>`);
    for (const m of cell.messages || []) parts.push(`<pre>${esc(m)}</pre>`);
    // bug links are shown as text, never as links: the page makes no request, not even on a click
    if (cell.bugs && cell.bugs.length) parts.push(`<p>Known failure, tracked in: ${cell.bugs.map((b) => `<code>${esc(b)}</code>`).join(", ")}</p>`);
    parts.push(`<p class="counts">${cell.results} result(s)${clause.versions ? ` · applies to Ego Lite ${esc(clause.versions)}` : ""}${clause.features.length ? ` · needs ${esc(clause.features.join(", "))}` : ""}</p>`);
    const panel = el("details");
    panel.innerHTML = parts.join("");
    panel.hidden = false;
    const close = (panel.querySelector(".close") as HTMLElement);
    close.addEventListener("click", () => { panel.hidden = true; });
    close.focus();
  }

  // ---------------------------------------------------------------- what changed

  function renderDiffControls() {
    const options = targets.map((t) => `<option value="${esc(t.key)}">${esc(t.label)}${t.availability === "ran" ? "" : ` (${esc(t.availability)})`}</option>`).join("");
    (el("diff-from") as HTMLSelectElement).innerHTML = options;
    (el("diff-to") as HTMLSelectElement).innerHTML = options;
  }

  function renderDiff() {
    (el("diff-from") as HTMLSelectElement).value = state.from;
    (el("diff-to") as HTMLSelectElement).value = state.to;
    const from = targets.find((t) => t.key === state.from);
    const to = targets.find((t) => t.key === state.to);
    const out = el("diff-result");
    if (!from || !to) { out.innerHTML = `<p class="empty">Choose two targets.</p>`; return; }
    if (from.key === to.key) { out.innerHTML = `<p class="empty">Choose two different targets.</p>`; return; }
    const groups: Record<string, { clause: Clause, from: Cell, to: Cell }[]> = {};
    for (const kind of data.changeKinds) groups[kind] = [];
    for (const clause of compat.clauses) {
      const a = clause.cells[from.key];
      const b = clause.cells[to.key];
      if (!a || !b) continue;
      const kind = data.changeTable[`${cellKey(a)}>${cellKey(b)}`];
      if (kind) (groups[kind] = groups[kind] || []).push({ clause, from: a, to: b });
    }
    const total = data.changeKinds.reduce((n, k) => n + (groups[k] || []).length, 0);
    const warn = [from, to].filter((t) => t.availability !== "ran").map((t) => `<p class="warnings">${esc(t.label)} did not run (${esc(t.availability)}${t.reason ? `: ${esc(t.reason)}` : ""}): its cells are unknown, so the comparison says little.</p>`).join("");
    let html = `${warn}<p id="diff-headline"><strong>${total}</strong> clause${total === 1 ? "" : "s"} changed from <strong>${esc(from.label)}</strong> to <strong>${esc(to.label)}</strong> (score ${esc(percent(from.score.value))} → ${esc(percent(to.score.value))}).</p>`;
    html += `<ul class="diff-summary">${data.changeKinds.map((k) => `<li data-change="${esc(k)}">${esc(data.changeText[k] || k)}: <strong>${(groups[k] || []).length}</strong></li>`).join("")}</ul>`;
    for (const kind of data.changeKinds) {
      const items = groups[kind] || [];
      html += `<section class="diff-group" data-change="${esc(kind)}"><h3>${esc(data.changeText[kind] || kind)} (${items.length})</h3>`;
      if (items.length === 0) { html += `<p class="empty">none</p></section>`; continue; }
      html += `<table class="changes"><thead><tr><th scope="col">Clause</th><th scope="col">${esc(from.label)}</th><th scope="col">${esc(to.label)}</th><th scope="col">What ${esc(to.label)} says</th></tr></thead><tbody>`;
      for (const item of items) {
        const note = item.to.reason ? item.to.reason.text : (item.to.messages && item.to.messages[0]) || (item.to.observed && item.to.observed[0]) || "";
        html += `<tr data-clause="${esc(item.clause.id)}"><th scope="row"><code>${esc(item.clause.id)}</code><div class="title" style="font-weight:400;color:var(--muted);font-size:12px">${esc(item.clause.title)}</div></th>` +
          `<td><span class="pill s-${item.from.status}">${esc(cellText(item.from))}</span></td><td><span class="pill s-${item.to.status}">${esc(cellText(item.to))}</span></td>` +
          `<td class="note">${esc(note.split("\n").slice(0, 3).join(" "))}</td></tr>`;
      }
      html += `</tbody></table></section>`;
    }
    out.innerHTML = html;
  }

  // ---------------------------------------------------------------- views and events

  function showView() {
    for (const view of ["grid", "diff"]) {
      el(`view-${view}`).hidden = state.view !== view;
      el(`tab-${view}`).setAttribute("aria-selected", String(state.view === view));
    }
    if (state.view === "diff") renderDiff();
  }

  function update() {
    writeHash(state);
    applyFilters();
    showView();
  }

  function wire() {
    el("tab-grid").addEventListener("click", () => { state.view = "grid"; update(); });
    el("tab-diff").addEventListener("click", () => { state.view = "diff"; update(); });
    el("filters").addEventListener("change", (event) => {
      const input = (event.target as HTMLInputElement);
      if (input.name === "area") { if (input.checked) state.areas.add(input.value); else state.areas.delete(input.value); }
      else if (input.name === "status") { const s = (input.value as Status); if (input.checked) state.statuses.add(s); else state.statuses.delete(s); }
      else if (input.id === "differ") state.differ = input.checked;
      update();
    });
    el("filters").addEventListener("click", (event) => {
      const button = (event.target as HTMLElement);
      if (!(button instanceof HTMLButtonElement)) return;
      const all = button.dataset.all;
      const none = button.dataset.none;
      if (all === "area") state.areas = new Set(compat.areas.map((a) => a.id));
      if (none === "area") state.areas = new Set();
      if (all === "status") state.statuses = new Set(data.statuses);
      if (button.id === "reset") { const d = defaultState(); state = { ...d, view: state.view, from: state.from, to: state.to }; }
      syncFilterControls();
      update();
    });
    el("search").addEventListener("input", (event) => {
      state.query = (event.target as HTMLInputElement).value.trim();
      update();
    });
    el("grid").addEventListener("click", (event) => {
      const target = (event.target as HTMLElement);
      const button = target.closest("button[data-clause]");
      if (button instanceof HTMLElement && button.dataset.clause && button.dataset.target) showDetails(button.dataset.clause, button.dataset.target);
    });
    el("diff-from").addEventListener("change", (event) => { state.from = (event.target as HTMLSelectElement).value; update(); });
    el("diff-to").addEventListener("change", (event) => { state.to = (event.target as HTMLSelectElement).value; update(); });
    el("diff-swap").addEventListener("click", () => { const f = state.from; state.from = state.to; state.to = f; update(); });
    document.addEventListener("keydown", (event) => { if (event.key === "Escape") el("details").hidden = true; });
    window.addEventListener("hashchange", () => { state = readHash(); syncFilterControls(); applyFilters(); showView(); });
  }

  renderHeader();
  renderVerdict();
  renderShip();
  renderScoreboard();
  renderLegend();
  renderFilters();
  renderGrid();
  renderDiffControls();
  syncFilterControls();
  wire();
  update();
  document.body.dataset.ready = "true";
})();
