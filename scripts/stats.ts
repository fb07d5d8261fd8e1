/** The bench's arithmetic: rounding for display and the median of a round's figures. */

export function round(x: number, digits = 2): number {
  return Math.round(x * 10 ** digits) / 10 ** digits;
}

export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
