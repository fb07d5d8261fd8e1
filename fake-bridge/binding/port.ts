/**
 * What a binding needs from the browser: the build's behaviour, read synchronously, and a way to send
 * requests; in process (./app-port.ts) or over the fake app's socket (../server/socket-port.ts).
 */
import type { BridgeRequest, BridgeResponse } from "../app/requests.js";
import type { Behaviour } from "../behaviour/behaviour.js";

export interface BrowserPort {
  readonly behaviour: Behaviour;
  /** Sends a request; `deliver` gets the answer on a later event-loop turn, never inside `send`. Requests are answered in the order they were sent. */
  send(request: BridgeRequest, deliver: (response: BridgeResponse) => void): void;
  /** Answers inside the call. Only the sync-cdp-error-callback mutant needs it; a port that cannot answer synchronously leaves it out. */
  sendSync?(request: BridgeRequest): BridgeResponse;
  /** Where CDP events (messages that answer no send) go, on a later turn; only a port with a real browser behind it has any. */
  onCdpEvent?(listener: (text: string) => void): void;
}
