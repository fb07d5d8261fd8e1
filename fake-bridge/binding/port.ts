/**
 * What a binding needs from the browser: the emulated build's behaviour (read synchronously, for
 * argument validation and channel choices) and a way to send requests. The binding keeps the
 * selection, the callback slots, validation and event-loop delivery; the port only carries
 * requests to the browser-side model and answers back.
 * - ./app-port.ts: in process, over a FakeApp;
 * - ../server/socket-port.ts: in an `ego-browser nodejs` process, over the fake app's socket.
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
