/**
 * From a validated argument list to the arguments the browser-side request carries
 * (../app/requests.ts). Only snapshot's options are prepared here: parsing them may still raise
 * an ArgumentProblem, which must be thrown synchronously by the binding, before any request.
 */
import type { AsyncMethodName } from "../app/requests.js";
import type { Behaviour } from "../behaviour/behaviour.js";
import { parseSnapshotOptions } from "./snapshot-options.js";

export type { AsyncMethodName } from "../app/requests.js";

export function requestArguments(method: AsyncMethodName, args: readonly unknown[], b: Behaviour): readonly unknown[] {
  return method === "snapshot" ? [parseSnapshotOptions(args[0], b)] : args;
}
