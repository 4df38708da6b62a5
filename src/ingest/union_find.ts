/**
 * Disjoint sets over record indices (union-find with path compression), used by the merge steps
 * to group records that share a key.
 *
 * @module
 */

/**
 * Disjoint sets of `0..n-1`. `join` makes the lower root the root of the joined set, so the
 * result does not depend on the order of joins.
 *
 * @example
 * ```ts
 * const sets = new UnionFind(3);
 * sets.join(0, 2);
 * sets.find(2); // 0
 * ```
 */
export class UnionFind {
  readonly parent: number[];

  /** @param n number of elements */
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }

  /** The root of `i`'s set (compressing the path on the way). */
  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[i] !== root) {
      const next = this.parent[i]!;
      this.parent[i] = root;
      i = next;
    }
    return root;
  }

  /**
   * Joins two roots (callers have already found them and decided to join).
   *
   * @param ra a root
   * @param rb another root
   * @returns the root of the joined set (the lower of the two)
   */
  joinRoots(ra: number, rb: number): number {
    const [root, child] = ra < rb ? [ra, rb] : [rb, ra];
    this.parent[child] = root;
    return root;
  }
}
