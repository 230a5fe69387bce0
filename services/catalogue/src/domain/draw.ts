/**
 * Picks one key by weight: `random()` in [0, 1) scaled over the total. Entries with weight 0
 * never win; an empty list gives undefined.
 */
export function pickWeighted(
  entries: ReadonlyArray<readonly [string, number]>,
  random: () => number,
): string | undefined {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  if (total <= 0) return undefined;
  let point = random() * total;
  for (const [key, weight] of entries) {
    if (weight <= 0) continue;
    if (point < weight) return key;
    point -= weight;
  }
  return entries.findLast(([, w]) => w > 0)?.[0];
}

/** One item of a non-empty list, each equally likely. */
export function pickUniform<T>(items: readonly T[], random: () => number): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}
