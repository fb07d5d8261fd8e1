/**
 * The kind of answer a call gave: its method, its channel and what came back, without the values
 * ("createTaskSpace rejected an Error without error_code"). Two failures are the same failure when
 * their answers are of one kind; attribution compares them (src/outcomes/attribution.ts).
 */
import type { Json } from "../contract/arguments.js";
import type { Observation } from "./observation.js";

function code(value: Json | undefined): string {
  return value === undefined ? "without error_code" : `with error_code ${JSON.stringify(value)}`;
}

export function answerKind(obs: Observation): string {
  const method = obs.call.replace(/[\s(].*$/s, "");
  if (obs.channel === "timeout") return `${method} timed out`;
  if (obs.channel === "threw" || obs.channel === "rejected") {
    const e = obs.error;
    const what = e === undefined || !e.isError ? `a ${e?.thrownType ?? "value"}` : e.isTypeError ? "a TypeError" : "an Error";
    return `${method} ${obs.channel} ${what} ${code(e?.error_code)}`;
  }
  const value = obs.value as { error?: Json; error_code?: Json } | null | undefined;
  if (typeof value === "object" && value !== null && !Array.isArray(value) && value.error !== undefined && value.error !== null) {
    return `${method} ${obs.channel} an error object ${code(value.error_code)}`;
  }
  return `${method} ${obs.channel} a value`;
}
