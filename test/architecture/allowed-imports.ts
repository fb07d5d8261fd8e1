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
 *     <- fake-bridge/* (the fake reads the contract and nothing else of the harness)
 *     <- src/target (reaches a target; the only harness folder that starts or opens the fake:
 *        its in-process browser, its app process, its personas, its operator wire client)
 *     <- src/probe, src/harness (clauses, fixtures) <- suites (target-agnostic: never fake-bridge)
 *     <- src/safety, src/outcomes, src/report, src/expectations, src/gate, src/faults
 *     <- src/run (the run as a library) <- src/matrix
 *     <- src/cli <- bin; scripts/ are developer tools and may reach anything they measure.
 * Edges marked "debt" run against that direction; they are listed so the table holds today's
 * tree, and go when their code moves (issue 10).
 */
import type { ImportTable } from "./import-checker.js";

export const ALLOWED_IMPORTS: ImportTable = {
  // --- the contract layer
  "src/version": [],
  "src/contract": ["src/version"],
  "src/fixture-pages": [],
  "src/probe": ["src/contract"],

  // --- the fake: the contract, and itself; never the harness
  "fake-bridge": ["fake-bridge/app", "fake-bridge/behaviour", "fake-bridge/binding", "fake-bridge/chromium", "fake-bridge/faults", "fake-bridge/infra-faults", "fake-bridge/operator", "src/contract"],
  "fake-bridge/faults": [],
  "fake-bridge/behaviour": ["fake-bridge/faults", "src/contract"],
  "fake-bridge/app": ["fake-bridge/behaviour", "fake-bridge/chromium", "fake-bridge/pages", "src/contract"],
  "fake-bridge/chromium": ["fake-bridge/app", "fake-bridge/behaviour", "src/contract"],
  "fake-bridge/pages": ["fake-bridge/app", "fake-bridge/behaviour"],
  "fake-bridge/binding": ["fake-bridge/app", "fake-bridge/behaviour", "fake-bridge/chromium", "src/contract"],
  "fake-bridge/infra-faults": ["fake-bridge/app", "fake-bridge/binding", "src/contract"],
  "fake-bridge/operator": ["fake-bridge/app", "fake-bridge/chromium", "src/contract"],
  "fake-bridge/personas": ["src/contract", "src/version"],
  "fake-bridge/bin": ["fake-bridge/binding", "fake-bridge/infra-faults", "fake-bridge/server"],
  "fake-bridge/server": ["fake-bridge", "fake-bridge/app", "fake-bridge/behaviour", "fake-bridge/bin", "fake-bridge/binding", "fake-bridge/chromium", "fake-bridge/faults", "fake-bridge/infra-faults", "fake-bridge/personas", "src/contract"],

  // --- the target layer: the one harness folder that reaches into the fake (to start or open it)
  "src/target": [
    "src/contract", "src/version", "src/probe",
    "fake-bridge", "fake-bridge/bin", "fake-bridge/infra-faults", "fake-bridge/personas", "fake-bridge/server",
    "src/harness", // debt: resolve.ts reads the RunConfig type
    "src/safety", // debt: detect-run.ts writes a clause result
  ],

  // --- clauses and suites
  "src/harness": ["src/contract", "src/version", "src/probe", "src/target", "src/safety", "src/report", "src/outcomes", "src/faults", "fake-bridge/infra-faults"],
  "suites": ["src/contract", "src/version", "src/probe", "src/harness", "src/fixture-pages", "src/target"],

  // --- judging and reporting
  "src/safety": ["src/contract", "src/probe", "src/target", "src/report"], // probe: the one task-space listing reads its observation
  "src/outcomes": [
    "src/report",
    "src/harness", // debt: of-error.ts recognises the PreconditionError class
  ],
  "src/report": ["src/contract", "src/version", "src/outcomes", "src/safety"],
  "src/expectations": ["src/contract", "src/version", "src/report", "src/safety"],
  "src/gate": ["src/contract", "src/version", "src/outcomes", "src/report", "src/safety"],
  "src/faults": ["src/contract", "src/harness", "src/outcomes", "src/report", "src/safety", "src/target"],
  "src/matrix": [
    "src/contract", "src/version", "src/outcomes", "src/report", "src/safety", "fake-bridge/personas",
    "src/run", // each target is a run of the run library, with typed options
  ],

  // --- the run as a library: plan, execute, collect, judge, write
  "src/run": ["src/contract", "src/version", "src/harness", "src/target", "src/safety", "src/report", "src/expectations", "src/gate", "src/faults", "fake-bridge/infra-faults", "fake-bridge/personas"],

  // --- the command line and tools
  "src/cli": ["src/contract", "src/version", "src/target", "src/harness", "src/safety", "src/outcomes", "src/report", "src/expectations", "src/gate", "src/faults", "src/matrix", "src/run", "fake-bridge/infra-faults", "fake-bridge/personas", "fake-bridge/server"],
  "bin": ["src/cli"],
  "scripts": ["src/cli", "src/contract", "src/target", "src/faults", "src/outcomes", "fake-bridge/faults", "fake-bridge/infra-faults", "fake-bridge/server"],
};
