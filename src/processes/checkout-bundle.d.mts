/** The bundle of `entry` (a path relative to the checkout, or to `options.root`), built if missing or stale; undefined: use tsx (./checkout-bundle.mjs). */
export function checkoutBundle(entry: string, options?: { root?: string }): Promise<string | undefined>;
