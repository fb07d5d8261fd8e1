/** A wait with a bound: `work`'s value, or undefined once `ms` have passed without it. */
export function withBound<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}
