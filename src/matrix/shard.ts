/**
 * `--shard i/n`: the i-th of n slices of a matrix's target list, round-robin over the plan order,
 * so the split is the same on every machine given the same flags and balanced within one target.
 */
import { MatrixInputError } from "./errors.js";

export interface Shard {
  /** 1-based */
  index: number;
  count: number;
}

export const WHOLE: Shard = Object.freeze({ index: 1, count: 1 });

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) throw new MatrixInputError(`--shard must look like i/n (e.g. 2/3), not '${text}'`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > 1000) throw new MatrixInputError(`--shard ${text}: n must be between 1 and 1000`);
  if (index < 1 || index > count) throw new MatrixInputError(`--shard ${text}: i must be between 1 and n`);
  return { index, count };
}

export function formatShard(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/** The shard (1-based) the target at `position` (0-based) of the plan belongs to. */
export function shardOf(position: number, count: number): number {
  return (position % count) + 1;
}

/** The targets of one shard, in plan order. */
export function shardSlice<T>(targets: readonly T[], shard: Shard): T[] {
  return targets.filter((_, position) => shardOf(position, shard.count) === shard.index);
}
