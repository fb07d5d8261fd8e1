/** What a synchronous call threw (typed loosely: tests read the error's own fields), or a failure if it did not throw. */
export function thrownBy(fn: () => unknown): any {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw synchronously");
}
