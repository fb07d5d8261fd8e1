/** One-line human descriptions of observations, for matcher messages and report steps. */
import type { Observation } from "./observation.js";

function short(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? "undefined" : text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

export function describeObservation(obs: Observation): string {
  switch (obs.channel) {
    case "returned":
      return `${obs.call} returned ${obs.valueType === "undefined" ? "undefined" : short(obs.value)} synchronously`;
    case "resolved":
      return `${obs.call} returned a Promise that resolved ${obs.valueType === "undefined" ? "undefined" : short(obs.value)}`;
    case "timeout":
      return `${obs.call} returned a Promise that did not settle in time`;
    case "threw":
    case "rejected": {
      const e = obs.error;
      const what = obs.channel === "threw" ? "threw synchronously" : "returned a Promise that rejected";
      if (!e) return `${obs.call} ${what}`;
      const code = e.error_code === undefined ? "no error_code" : `error_code ${short(e.error_code)}${e.errorCodeIsOwn ? "" : " (inherited, not own)"}`;
      const kind = e.isError ? (e.name ?? "Error") : `a non-Error ${e.thrownType}`;
      return `${obs.call} ${what} ${kind} ${short(e.message ?? "")} with ${code}`;
    }
  }
}
