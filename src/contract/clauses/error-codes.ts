import { METHODS, TASK_SCOPED_METHODS, type MethodName } from "../methods.js";
import { defineClauses } from "./define.js";

const runtimeModel = { section: "Runtime Model", anchor: "runtime-model" };

/** A task-scoped call with no task selected, one clause per method, on its own channel. */
const notSelected = TASK_SCOPED_METHODS.map((m: MethodName) => ({
  id: `error-codes.not-selected.${m}`,
  title:
    METHODS[m].userControl === "rejects"
      ? `${m} with no task selected rejects an Error with error_code EGO_TASK_SPACE_NOT_SELECTED`
      : METHODS[m].userControl === "callback"
        ? `${m} with no task selected reports EGO_TASK_SPACE_NOT_SELECTED through onSendCDPMessageError`
        : `${m} with no task selected resolves {error, error_code: EGO_TASK_SPACE_NOT_SELECTED}`,
  methods: [m],
  severity: "critical" as const,
  features: ["error-codes" as const],
  doc: runtimeModel,
}));

export const errorCodeClauses = defineClauses("error-codes", [
  ...notSelected,
  { id: "error-codes.claim.not-found", title: "claimTaskSpace of an unknown id resolves EGO_TASK_SPACE_NOT_FOUND", methods: ["claimTaskSpace"], severity: "critical", features: ["error-codes", "numeric-ids"] },
  { id: "error-codes.close.missing-space", title: "closeTaskSpace on a space that no longer exists resolves an error object with a known error_code", methods: ["closeTaskSpace"], features: ["error-codes"] },
  { id: "error-codes.complete.missing-space", title: "completeTaskSpace on a space that no longer exists resolves an error object with a known error_code", methods: ["completeTaskSpace"], features: ["error-codes"] },
  {
    id: "error-codes.missing-space.code", title: "a task call on a selected id that does not exist reports EGO_TASK_SPACE_NOT_FOUND", methods: ["listTabs"], severity: "minor", features: ["error-codes"],
    unspecified: {
      question: "research Q18: NOT_FOUND vs INACTIVE vs UNAVAILABLE for a missing selected space",
      choice: "the fake reports EGO_TASK_SPACE_NOT_FOUND with the id in the message, as claimTaskSpace does",
      core: "listTabs on a selected id that does not exist fails instead of listing tabs: it resolves an error object {error: string, error_code} (or rejects an Error) whose error_code is one of the documented codes",
      openDetail: "which code it is (EGO_TASK_SPACE_NOT_FOUND, _INACTIVE or _UNAVAILABLE), the channel (the fake resolves) and whether the message names the id",
      basis: "native-bindings-api.md Runtime Model ('If no task context is available, task-scoped APIs resolve to an error object or reject'), Error Codes ('Browser-side failures expose a stable error_code'); research Q18",
    },
  },
  { id: "error-codes.snapshot.rejects-error", title: "snapshot failures reject with an Error instance whose own error_code is set", methods: ["snapshot"], severity: "critical", features: ["error-codes"], doc: METHODS.snapshot.doc },
  { id: "error-codes.cdp.callback-is-async", title: "onSendCDPMessageError is delivered through the event loop, after sendCDPMessage returns", methods: ["sendCDPMessage"], features: ["error-codes"] },
  { id: "error-codes.cdp.callback-arguments", title: "onSendCDPMessageError receives (message: string, error_code: string)", methods: ["sendCDPMessage"], features: ["error-codes"] },
  { id: "error-codes.codes-are-documented", title: "every error_code a run observed is one of the 16 documented codes", methods: [], doc: { section: "Error Codes", anchor: "error-codes" }, features: ["error-codes"] },
]);
