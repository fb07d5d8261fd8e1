/**
 * The two callback properties of the binding, `onCDPMessage` and `onSendCDPMessageError`. They are
 * local to one binding instance (one invocation). Assigning a function installs it; assigning any
 * other value clears the slot, and reading a cleared slot gives `undefined` (choice). A slot is
 * read when the message is delivered, so a callback cleared before delivery receives nothing.
 * An exception thrown by a callback is not caught: it surfaces as an uncaught exception of the
 * event-loop turn, as a throwing callback does in the host (research Q23).
 */
export type Callback = (...args: unknown[]) => unknown;

export class CallbackSlot {
  private fn: Callback | undefined;

  /** `keepsNonFunctions`: the cdp-callbacks-call-non-functions mutant (any value but null and undefined is kept, and called) */
  constructor(private readonly keepsNonFunctions = false) {}

  get(): Callback | undefined {
    return this.fn;
  }

  set(value: unknown): void {
    if (this.keepsNonFunctions) this.fn = value === null ? undefined : (value as Callback | undefined);
    else this.fn = typeof value === "function" ? (value as Callback) : undefined;
  }

  /** Calls the installed callback, if any, with the given arguments. */
  fire(...args: unknown[]): void {
    this.fn?.(...args);
  }
}
