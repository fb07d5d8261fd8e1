import { namedError } from "../errors/named-error.js";

/** A probe that did not finish within its bound (the in-process fake's; the CLI target says so with a CliTargetError). */
export class ProbeTimeoutError extends namedError("ProbeTimeoutError") {}
