/**
 * Every Promise of the fake settles, and every callback fires, from a setImmediate turn, never inside
 * the call that caused it (native-bindings-api.md, "Error Codes"); FIFO keeps the calls' order.
 */
export function nextTurn(run: () => void): void {
  setImmediate(run);
}

/** A Promise settled on a later turn with whatever `compute` decides. */
export function settleOnNextTurn<T>(compute: (resolve: (value: T) => void, reject: (reason: unknown) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    nextTurn(() => {
      try {
        compute(resolve, reject);
      } catch (error) {
        reject(error);
      }
    });
  });
}
