/**
 * How one call into the bridge ended, as recorded inside the target by the probe runtime.
 * The contract names a channel for every outcome; observations record which one happened.
 */
import type { Json } from "../contract/arguments.js";

export type Channel =
  /** a plain (non-thenable) value came back synchronously */
  | "returned"
  /** the call threw synchronously */
  | "threw"
  /** a Promise came back and fulfilled */
  | "resolved"
  /** a Promise came back and rejected */
  | "rejected"
  /** a Promise came back and had not settled within the probe's bound */
  | "timeout";

export interface ErrorInfo {
  /** `instanceof Error` inside the target */
  isError: boolean;
  /** `instanceof TypeError` inside the target */
  isTypeError: boolean;
  name?: string;
  message?: string;
  /** the value of `error_code`, own or inherited */
  error_code?: Json;
  /** whether `error_code` is an own property of the error (the contract says it is) */
  errorCodeIsOwn: boolean;
  ownKeys: string[];
  /** typeof the thrown value when it is not an object */
  thrownType: string;
}

export interface CallbackRecord {
  slot: "onSendCDPMessageError" | "onCDPMessage";
  args: Json[];
  /** true when delivered after the call returned (through the event loop), false when re-entrant */
  afterReturn: boolean;
}

export interface Observation {
  /** what was called, for messages: `listTabs()` */
  call: string;
  channel: Channel;
  /** whether the call returned a thenable */
  promise: boolean;
  /** `typeof` of the returned/resolved value, with 'null' and 'array' told apart */
  valueType?: string;
  /** the returned/resolved value, JSON-safe (undefined is absent, see valueType) */
  value?: Json;
  error?: ErrorInfo;
  /** callback deliveries observed during the probe window (raw CDP) */
  callbacks?: CallbackRecord[];
}
