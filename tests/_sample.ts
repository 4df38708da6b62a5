/**
 * Seeded randomness for tests, benchmarks and evaluation samples, so every draw reproduces.
 *
 * @module
 */

/**
 * mulberry32: a small seeded 32-bit generator (Tommy Ettinger's public-domain algorithm).
 *
 * @param seed any 32-bit integer
 * @returns a function giving floats in [0, 1)
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A deterministic sample: the first `n` items of a Fisher-Yates shuffle driven by
 * {@link mulberry32}.
 *
 * @param items the population (not modified)
 * @param n sample size (the whole shuffled list when larger than the population)
 * @param seed generator seed
 * @returns `min(n, items.length)` items
 */
export function seededSample<T>(items: readonly T[], n: number, seed: number): T[] {
  return shuffled(items, mulberry32(seed)).slice(0, n);
}

/**
 * A Fisher-Yates shuffle of a copy of `items`, drawing from `random`; two shuffles from one
 * generator continue its stream.
 *
 * @param items the population (not modified)
 * @param random generator of floats in [0, 1), e.g. {@link mulberry32}
 * @returns the items in shuffled order
 */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
