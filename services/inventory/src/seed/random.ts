/** mulberry32: a small deterministic random source, so seeded data is the same on every run. */
export function seededRandom(seed: number): () => number {
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
 * `count` distinct indexes below `n`. Half the picks lean towards low indexes (u² skew), so a
 * few items become popular, as real favourite cards do; the rest are uniform.
 */
export function pickDistinct(random: () => number, n: number, count: number): number[] {
  const wanted = Math.min(count, n);
  const picked = new Set<number>();
  while (picked.size < wanted) {
    const u = random();
    const skewed = random() < 0.5;
    picked.add(Math.floor((skewed ? u * u : u) * n));
  }
  return [...picked];
}
