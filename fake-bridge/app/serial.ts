/**
 * The browser answers one request at a time, in the order received, so a listTabs sent after a
 * createTab always sees the new tab even while a command waits on Chromium.
 */
export type MaybePromise<T> = T | Promise<T>;

export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

export class SerialQueue {
  private tail: Promise<void> | undefined;

  run<T>(work: () => MaybePromise<T>): MaybePromise<T> {
    if (this.tail === undefined) {
      const result = work();
      if (!isPromise(result)) return result;
      this.track(result);
      return result;
    }
    const result = this.tail.then(work);
    this.track(result);
    return result;
  }

  private track(result: Promise<unknown>): void {
    const tail: Promise<void> = result.then(
      () => undefined,
      () => undefined,
    );
    this.tail = tail;
    void tail.then(() => {
      if (this.tail === tail) this.tail = undefined;
    });
  }
}
