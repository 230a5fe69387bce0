import { localize, type StoredTexts } from '@acg/i18n';
import type { Database, Db } from '@acg/platform';
import { and, asc, eq, sql } from 'drizzle-orm';
import { cardSummaries, likes, wishes, wishSettings } from '../db/schema';

type Reader = Pick<Db, 'select'>;

/** A wished character with the card that stands for it (its lowest card id catalogue has not deleted). */
export interface WishRow {
  characterId: number;
  addedAt: Date;
  cardId: number | null;
  characterName: string | null;
  characterNames: StoredTexts | null;
  imageUrl: string | null;
}

/** The card standing for a character: its lowest id not deleted, or undefined for an unknown character. */
export async function findCharacterCard(db: Reader, characterId: number) {
  const [row] = await db
    .select({ id: cardSummaries.id, characterName: cardSummaries.characterName })
    .from(cardSummaries)
    .where(and(eq(cardSummaries.characterId, characterId), eq(cardSummaries.deleted, false)))
    .orderBy(asc(cardSummaries.id))
    .limit(1);
  return row;
}

/** A user's wishes, oldest first, each with its character's card. */
export async function findWishes(db: Db, userId: number): Promise<WishRow[]> {
  const rows = await db.execute<{
    character_id: number;
    added_at: string | Date;
    card_id: number | null;
    character_name: string | null;
    character_names: StoredTexts | null;
    image_url: string | null;
  }>(sql`
    select w.character_id, w.added_at, c.id as card_id, c.character_name, c.character_names, c.image_url
    from ${wishes} w
    left join lateral (
      select s.id, s.character_name, s.character_names, s.image_url
      from ${cardSummaries} s
      where s.character_id = w.character_id and not s.deleted
      order by s.id limit 1
    ) c on true
    where w.user_id = ${userId}
    order by w.added_at, w.character_id`);
  return rows.rows.map((r) => ({
    characterId: r.character_id,
    addedAt: new Date(r.added_at),
    cardId: r.card_id,
    characterName: r.character_name,
    characterNames: r.character_names,
    imageUrl: r.image_url,
  }));
}

export const wishName = (
  row: Pick<WishRow, 'characterNames' | 'characterName' | 'characterId'>,
  language: string,
) => localize(row.characterNames, language, row.characterName) ?? `#${row.characterId}`;

/**
 * Adds a wish unless the fan already wishes `limit` characters. The fan's settings row is taken
 * first (created when missing) and locked, so two adds of one fan count one after the other and
 * the limit holds under concurrency.
 */
export function addWish(database: Database, userId: number, characterId: number, limit: number) {
  return database.transaction(async (tx) => {
    await tx.insert(wishSettings).values({ userId }).onConflictDoNothing();
    await tx
      .select({ u: wishSettings.userId })
      .from(wishSettings)
      .where(eq(wishSettings.userId, userId))
      .for('update');
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(wishes)
      .where(eq(wishes.userId, userId));
    const [had] = await tx
      .select({ c: wishes.characterId })
      .from(wishes)
      .where(and(eq(wishes.userId, userId), eq(wishes.characterId, characterId)));
    if (had) return { outcome: 'already' as const, count };
    if (count >= limit) return { outcome: 'full' as const, count };
    await tx.insert(wishes).values({ userId, characterId });
    return { outcome: 'added' as const, count: count + 1 };
  });
}

export async function removeWish(db: Pick<Db, 'delete'>, userId: number, characterId: number) {
  const gone = await db
    .delete(wishes)
    .where(and(eq(wishes.userId, userId), eq(wishes.characterId, characterId)))
    .returning({ c: wishes.characterId });
  return gone.length > 0;
}

/** Whether wish alerts may reach the fan as Discord DMs (yes until they mute them). */
export async function wishDmAllowed(db: Reader, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ dm: wishSettings.dm })
    .from(wishSettings)
    .where(eq(wishSettings.userId, userId));
  return row?.dm ?? true;
}

export async function setWishDm(db: Pick<Db, 'insert'>, userId: number, dm: boolean) {
  await db
    .insert(wishSettings)
    .values({ userId, dm })
    .onConflictDoUpdate({ target: wishSettings.userId, set: { dm, updatedAt: sql`now()` } });
}

/**
 * The most wished characters (the admin's rarity section): wishes per character, most first,
 * with the likes of all the character's cards and the character's primary name.
 */
export async function findMostWished(db: Db, top: number) {
  const rows = await db.execute<{
    character_id: number;
    wishes: number;
    likes: number;
    character_name: string | null;
    character_names: StoredTexts | null;
  }>(sql`
    with wished as (
      select character_id, count(*)::int as wishes from ${wishes}
      group by character_id order by wishes desc, character_id limit ${top}
    )
    select w.character_id, w.wishes,
      (select count(*)::int from ${likes} l join ${cardSummaries} s on s.id = l.card_id
        where s.character_id = w.character_id) as likes,
      (select s.character_name from ${cardSummaries} s where s.character_id = w.character_id order by s.id limit 1) as character_name,
      (select s.character_names from ${cardSummaries} s where s.character_id = w.character_id order by s.id limit 1) as character_names
    from wished w order by w.wishes desc, w.character_id`);
  const [totals] = await db
    .select({ total: sql<number>`count(*)::int`, fans: sql<number>`count(distinct ${wishes.userId})::int` })
    .from(wishes);
  return { rows: rows.rows, total: totals?.total ?? 0, fans: totals?.fans ?? 0 };
}
