import type { CardSummary, PublicUser } from '@acg/contracts';
import type { Database } from '@acg/platform';
import { cardSummaries, entries, likes, userSummaries } from '../db/schema';

export interface LargeInventorySeed {
  users: ReadonlyArray<Pick<PublicUser, 'id' | 'username' | 'discordId' | 'avatar'>>;
  cards: readonly CardSummary[];
  entriesPerUser?: number;
  likesPerUser?: number;
  seed?: number;
}

/** mulberry32: a small deterministic random source, so benchmark runs are comparable. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Bulk inventory for benchmarks (the large seed): read models of the given users and cards, then
 * for each user `entriesPerUser` distinct cards (some held twice) and `likesPerUser` likes.
 * No events: the read models are written directly, as the consumers would have.
 */
export async function seedLargeInventory(
  database: Database,
  opts: LargeInventorySeed,
): Promise<{ entries: number; likes: number }> {
  const { db } = database;
  const rand = random(opts.seed ?? 20261122);
  const pick = () => opts.cards[Math.floor(rand() * opts.cards.length)]!.id;

  await insertInBatches([...opts.cards], 4000, (batch) =>
    db
      .insert(cardSummaries)
      .values(
        batch.map((c) => ({
          id: c.id,
          characterId: c.characterId,
          characterName: c.characterName,
          rankCode: c.rankCode,
          rankTitle: c.rankTitle,
          rankColor: c.rankColor,
          limited: c.limited,
          imageUrl: c.imageUrl,
          rarityScore: c.rarityScore,
        })),
      )
      .onConflictDoNothing(),
  );
  await insertInBatches([...opts.users], 5000, (batch) =>
    db
      .insert(userSummaries)
      .values(
        batch.map((u) => ({ id: u.id, username: u.username, discordId: u.discordId, avatar: u.avatar })),
      )
      .onConflictDoNothing(),
  );

  const entryRows: Array<{ userId: number; cardId: number; quantity: number }> = [];
  const likeRows: Array<{ userId: number; cardId: number }> = [];
  for (const user of opts.users) {
    const held = new Set<number>();
    while (held.size < Math.min(opts.entriesPerUser ?? 30, opts.cards.length)) held.add(pick());
    for (const cardId of held) entryRows.push({ userId: user.id, cardId, quantity: rand() < 0.15 ? 2 : 1 });
    const liked = new Set<number>();
    while (liked.size < Math.min(opts.likesPerUser ?? 20, opts.cards.length)) liked.add(pick());
    for (const cardId of liked) likeRows.push({ userId: user.id, cardId });
  }
  await insertInBatches(entryRows, 10_000, (batch) => db.insert(entries).values(batch).onConflictDoNothing());
  await insertInBatches(likeRows, 10_000, (batch) => db.insert(likes).values(batch).onConflictDoNothing());
  return { entries: entryRows.length, likes: likeRows.length };
}
