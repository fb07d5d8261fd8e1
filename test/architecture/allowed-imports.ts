/**
 * Which folder may import which (Playwright's DEPS.list, as data). Checked by
 * ./import-layers.test.ts over every .ts/.mts/.mjs file in src/, fake-bridge/, suites/, scripts/
 * and bin/: a file belongs to the most specific folder listed here; imports inside its own folder
 * are free; any other relative import must be listed under its folder. A new folder, or a new
 * edge, is a decision: add it here, in the commit that needs it, with the reason if it is not
 * obvious.
 *
 * The direction, bottom up:
 *   src/version <- src/contract (the native contract as data, the Operator interface)
 *     <- fake-bridge/* (the fake reads the contract and nothing else of the harness, but for
 *        src/wire, a leaf beside src/version: the JSON-lines codec it shares with the CLI target,
 *        src/scratch, another: where a run's processes make temporary directories, and
 *        src/processes, a third: the process groups every started process is in; src/errors, a
 *        fourth, below everything that throws: the one shape of the harness's error classes;
 *        src/tables, a fifth: the names of a table keyed by name)
 *     <- src/targets (reaches a target): the Target interface at its root; cli/ the installed
 *        CLI target; src/targets/fake is the one door to the fake (its in-process browser, its app
 *        process and its operator client, fake-app.ts); detect/ finds an installed build; choose/
 *        picks the run's target from detect/ and fake/. No other harness folder imports the
 *        fake (scripts/ reach what they measure); what they read of it is contract data:
 *        persona names (src/contract/personas.ts), the infrastructure-fault plan's schema
 *        (src/contract/infra-fault-plan.ts), the persona file's (src/contract/persona-file.ts)
 *     <- src/probe <- src/recording (a run's transcript: the probes' native calls made private and
 *        normalised, read back from the results, compared) <- src/harness (clauses, fixtures)
 *        <- suites (target-agnostic: never fake-bridge)
 *     <- src/labels (the result labels' names: a leaf every writer and reader of results stands on)
 *     <- src/outcomes <- src/report <- src/safety, src/expectations, src/gate, src/retries
 *     <- src/run (the run as a library) <- src/matrix
 *     <- src/cli <- bin; scripts/ are developer tools and may reach anything they measure.
 * The target layer is src/targets/, not src/target/: Cargo, Maven and many .gitignore templates
 * take a folder named target/ for build output.
 * No edge runs against that direction: code that would need one moves down to where both sides
 * may import it (as src/wire/json-lines.ts and src/outcomes/precondition-error.ts did), rather
 * than the table taking the edge.
 */
import type { ImportTable } from "./import-checker.js";

export const ALLOWED_IMPORTS: ImportTable = {
  // --- the contract layer
  "src/version": [],
  "src/scratch": ["src/processes"], // (processes: whether a marker's owner still runs) where a run's processes make temporary directories (node only): the fake's browsers, the CLI target's connect-back, and the run that removes them
  "src/wire": [], // the JSON-lines codec over a socket (node:net only): the fake's endpoints and the CLI target's connect-back both speak it
  "src/target-scope": [], // what a worker thread kept from one target to the next forgets before the next (src/run/kept-threads.ts): each module with per-target state registers its reset there
  "src/processes": ["src/files", "src/target-scope"], // the process groups the harness starts and ends on every exit path, and what /proc says of a pid (node, execa, and the one door for writes): the CLI target's launchers, vitest, the fake app a run starts, the Allure generator
  "src/tables": [], // the names of a table keyed by name (names-of.ts: its key list and guard): the contract's features, areas and tags, the fake's mutants, the harness bugs
  "src/errors": [], // the one shape of the harness's own error classes (named-error.ts: nothing else); every error class of src/ and fake-bridge/ but the few that carry more than a message (their own fields or a name from elsewhere) is declared with it
  "src/text": [], // text from a build made safe to show (printable.ts): every printer of a terminal line, a report or a file name stands on it
  "src/space-names": [], // what the harness names its task spaces (`ego-conformance <run-id> <clause-id>`): the clause that makes them, the safety rules that keep to them and the recording that keeps them read it
  "src/labels": [], // the names of the Allure labels and parameters the harness writes and every reader reads back (nothing else)
  "src/files": ["src/errors"], // the one reader of input files, the ledger's appender, the inside-its-folder check, output directories proven ours before they are replaced and files written beside and renamed (node only): the fake's mutant plans and app options are inputs too
  "src/contract": ["src/errors", "src/tables", "src/version"],
  "src/fixture-pages": [],
  "src/probe": ["src/errors", "src/contract"],

  // --- the fake: the contract, and itself; never the harness
  "fake-bridge": ["fake-bridge/app", "fake-bridge/behaviour", "fake-bridge/binding", "fake-bridge/chromium", "fake-bridge/mutants", "fake-bridge/infra-faults", "fake-bridge/operator", "src/contract"],
  "fake-bridge/mutants": ["src/tables"],
  "fake-bridge/behaviour": ["fake-bridge/mutants", "fake-bridge/personas", "src/contract"], // personas/persona-behaviour.ts: what a persona switches (its features and open details)
  "fake-bridge/app": ["fake-bridge/behaviour", "fake-bridge/chromium", "src/contract"], // app/chromium-snapshot: a real page's snapshot, captured over the CDP interface chromium/page-cdp.ts serves
  "fake-bridge/chromium": ["fake-bridge/behaviour", "src/errors", "src/scratch", "src/contract", "src/target-scope"], // contract: the pages choice (pages-choice.ts)
  "fake-bridge/binding": ["fake-bridge/app", "fake-bridge/behaviour", "fake-bridge/chromium", "src/errors", "src/contract"],
  "fake-bridge/infra-faults": ["src/files", "fake-bridge/app", "fake-bridge/binding", "src/contract"],
  "fake-bridge/operator": ["fake-bridge/app", "src/contract"],
  "fake-bridge/personas": ["src/errors", "src/contract", "src/version"],
  // the fake as a library for unit tests (the package's "./fake" entry): the fake and its parts, above them all
  "fake-bridge/library": ["fake-bridge", "fake-bridge/app", "fake-bridge/binding", "fake-bridge/mutants", "fake-bridge/operator", "fake-bridge/personas", "src/errors", "src/contract"],
  "fake-bridge/bin": ["fake-bridge/binding", "fake-bridge/infra-faults", "fake-bridge/server", "src/files"],
  "fake-bridge/server": ["fake-bridge", "fake-bridge/app", "fake-bridge/behaviour", "fake-bridge/binding", "fake-bridge/chromium", "fake-bridge/mutants", "fake-bridge/infra-faults", "fake-bridge/personas", "src/errors", "src/contract", "src/wire", "src/processes", "src/files"],

  // --- the target layer (src/targets): the Target interface and the choice of target at its root,
  // the CLI target (cli/), detection of an installed build (detect/), and the fake as a target
  // (fake/): the one folder that starts or opens the fake
  "src/targets": ["src/errors", "src/contract", "src/version", "src/probe"],
  // the choice of target for a run (resolve.ts): the installed build as detected, or the fake
  "src/targets/choose": ["src/targets", "src/targets/detect", "src/targets/fake"],
  "src/targets/cli": ["src/errors", "src/contract", "src/probe", "src/targets", "src/scratch", "src/wire", "src/processes", "src/target-scope"],
  "src/targets/detect": ["src/text", "src/errors",
    "src/files", "src/contract", "src/version", "src/targets", "src/targets/cli",
    "src/targets/fake", // a fake app behind an installed ego-browser: its pages, its on-demand start, its operator client
  ],
  "src/targets/fake": ["src/contract", "src/version", "src/probe", "src/targets", "fake-bridge", "fake-bridge/infra-faults", "fake-bridge/personas", "fake-bridge/server"],

  // --- the recording of a run: the probes' calls (src/probe), made private and normalised in the
  // worker (src/harness writes them), assembled from the results (src/report) by the run, compared by the CLI
  "src/recording": ["src/text", "src/errors", "src/labels", "src/space-names", "src/contract", "src/probe", "src/outcomes", "src/report", "src/files"], // outcomes: a transcript's verdicts are result outcomes

  // --- clauses and suites
  // src/fixture-pages: a file's fixture server (fixture-server.ts)
  "src/harness": ["src/target-scope", "src/processes", "src/labels", "src/space-names", "src/contract", "src/version", "src/probe", "src/recording", "src/fixture-pages", "src/targets", "src/targets/choose", "src/targets/detect", "src/safety", "src/report", "src/outcomes", "src/retries"],
  "suites": ["src/contract", "src/version", "src/probe", "src/harness", "src/fixture-pages", "src/targets"],

  // --- judging and reporting
  "src/safety": ["src/text", "src/errors", "src/space-names", "src/tables", "src/files", "src/scratch", "src/contract", "src/probe", "src/targets", "src/processes", "src/report",
    "src/targets/cli", "src/targets/detect", // the sweep (sweep.ts) reaches the installed ego-browser without detection: a listing is all it asks
  ], // probe: the one task-space listing reads its observation; report: the invariance check writes its clause result (clause-result.ts)
  "src/outcomes": ["src/labels"], // the PreconditionError class is an outcome's (precondition-error.ts); src/harness re-exports it to the suites
  "src/report": ["src/text", "src/scratch", "src/errors", "src/labels", "src/files", "src/contract", "src/version", "src/outcomes", "src/processes", "src/targets"], // targets: the TargetInfo a result the CLI writes is labelled with (clause-result.ts)
  "src/expectations": ["src/errors", "src/labels", "src/files", "src/contract", "src/version", "src/report"],
  "src/gate": ["src/text", "src/errors", "src/tables", "src/files", "src/contract", "src/version", "src/outcomes", "src/report"],
  "src/retries": ["src/files", "src/labels", "src/contract", "src/probe", "src/outcomes", "src/report", "src/targets", "src/targets/cli"], // probe: the infrastructure watch (infra-watch.ts) reads a probe's answer
  "src/matrix": ["src/text",
    "src/errors", "src/tables", "src/labels", "src/files", "src/contract", "src/version", "src/outcomes", "src/report",
    "src/run", // each target is a run of the run library, with typed options
    "src/recording", // compat's "differs from the fake": the targets' recordings compared as verify-fake compares them (fake-differences.ts)
    "src/gate", // compat's "may ship": each target judged by the release gate itself (target-gate.ts)
  ],

  // --- the run as a library: plan, execute, collect, judge, write
  "src/run": [
    "src/errors", "src/labels", "src/files", "src/scratch", "src/processes", "src/contract", "src/version", "src/harness", "src/recording", "src/targets", "src/targets/choose", "src/targets/detect", "src/targets/fake", "src/safety", "src/report", "src/expectations", "src/gate", "src/retries",
    "src/outcomes", // the judge phase applies the attribution rule (src/outcomes/attribution.ts) to the run's results
    "src/files", // the persona file of --persona-file (plan.ts), read by the one reader of input files
  ],

  // --- the command line and tools
  // the package's "." entry: the run, matrix and gate libraries and the catalogue, for programs (never imported by the harness)
  "src/api": ["src/contract", "src/run", "src/matrix", "src/gate", "src/report", "src/safety"],
  "src/cli": ["src/text", "src/scratch", "src/errors", "src/files", "src/processes", "src/contract", "src/version", "src/targets/detect", "src/harness", "src/recording", "src/safety", "src/report", "src/expectations", "src/gate", "src/matrix", "src/run", "src/targets/fake"], // targets/fake: `ego-conformance fake` starts, stops and installs the fake app through its door (fake-app.ts)
  "bin": ["src/cli", "src/processes"], // processes: the checkout bundle the CLI starts from (checkout-bundle.mjs), before any TypeScript loader
  "scripts": ["src/cli", "src/contract", "src/targets", "src/targets/cli", "src/targets/fake", "src/retries", "src/outcomes", "fake-bridge/mutants", "fake-bridge/server",
    "fake-bridge/chromium", "src/fixture-pages", // the bench's per-space figures (space-cost.ts) open spaces in the fake's own browser
    "src/harness", // the bench's recorded probe (recording-session.ts): what recording costs one probe
    "src/files", // file-cpu.ts writes its report beside and renames (writeFileAtomic)
  ],
};
