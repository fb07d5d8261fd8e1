/** The bundle of `entry` (a path relative to the checkout), built if missing or stale; undefined: use tsx (./checkout-bundle.mjs). */
export function checkoutBundle(entry: string): Promise<string | undefined>;
