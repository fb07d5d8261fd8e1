/**
 * The binding's two callback properties, local to one invocation. A slot is read at delivery, so a
 * callback cleared before delivery receives nothing; a callback's exception is not caught (research Q23).
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
