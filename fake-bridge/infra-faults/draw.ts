/**
 * Seeded draws as a pure function of (seed, stream, index): no generator state, so the n-th call
 * gets the same draw however the run got there, and a run is replayed exactly from its seed.
 * The mixer is a 32-bit integer hash (Murmur3's finaliser over a combined key).
 */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform draw in [0, 1) for (seed, stream, index, salt). */
export function draw(seed: number, stream: number, index: number, salt = 0): number {
  let h = mix(seed ^ 0x9e3779b9);
  h = mix(h ^ Math.imul(stream + 1, 0x27d4eb2f));
  h = mix(h ^ Math.imul(index + 1, 0x165667b1));
  h = mix(h ^ Math.imul(salt + 1, 0x61c88647));
  return h / 0x1_0000_0000;
}
