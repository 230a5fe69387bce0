import type { CardSummary, PublicUser } from '@acg/contracts';
import { allNames, cleanLocalized, searchKeys } from '@acg/i18n';
import type { Tx } from '@acg/platform';
import { sql } from 'drizzle-orm';
import { BEFORE_ANY_EVENT } from '../db/as-of';
import { cardSummaries, userSummaries } from '../db/schema';

type Writer = Pick<Tx, 'insert'>;

/** The user facts inventory keeps (owner lists). */
export type UserFacts = Pick<PublicUser, 'id' | 'username' | 'displayName' | 'discordId' | 'avatar'>;

const cardFacts = (card: CardSummary) => ({
  characterId: card.characterId,
  characterName: card.characterName,
  characterNames: cleanLocalized(card.characterNames),
  searchKey: searchKeys(allNames(card.characterNames, card.characterName, card.characterAltname)),
  animeIds: card.animeIds ?? [],
  rankCode: card.rankCode,
  rankTitle: card.rankTitle,
  rankColor: card.rankColor,
  limited: card.limited,
  imageUrl: card.imageUrl,
  rarityScore: card.rarityScore,
});

/** `excluded.<column>`: the value the conflicting insert proposed. */
const excluded = (column: { name: string }) => sql.raw(`excluded."${column.name}"`);

/**
 * Applies a card.created / card.updated that happened at `asOf`, unless the row already
 * reflects a later event. `deleted` is left as it is: only card.deleted sets it.
 */
export async function applyCardSummary(tx: Writer, card: CardSummary, asOf: Date): Promise<void> {
  await applyCardSummaries(tx, [card], asOf);
}

/**
 * Applies the summaries of a cards.updated (or one card.*) in one statement, each row unless it
 * already reflects a later event. A card listed twice keeps its last summary.
 */
export async function applyCardSummaries(
  tx: Writer,
  cards: readonly CardSummary[],
  asOf: Date,
): Promise<void> {
  const last = new Map(cards.map((card) => [card.id, card]));
  if (last.size === 0) return;
  await tx
    .insert(cardSummaries)
    .values([...last.values()].map((card) => ({ id: card.id, ...cardFacts(card), asOf })))
    .onConflictDoUpdate({
      target: cardSummaries.id,
      set: {
        characterId: excluded(cardSummaries.characterId),
        characterName: excluded(cardSummaries.characterName),
        characterNames: excluded(cardSummaries.characterNames),
        searchKey: excluded(cardSummaries.searchKey),
        animeIds: excluded(cardSummaries.animeIds),
        rankCode: excluded(cardSummaries.rankCode),
        rankTitle: excluded(cardSummaries.rankTitle),
        rankColor: excluded(cardSummaries.rankColor),
        limited: excluded(cardSummaries.limited),
        imageUrl: excluded(cardSummaries.imageUrl),
        rarityScore: excluded(cardSummaries.rarityScore),
        asOf: excluded(cardSummaries.asOf),
      },
      setWhere: sql`${cardSummaries.asOf} <= excluded.as_of`,
    });
}

/**
 * Applies a cards.rescored in one statement: the new scores of the cards inventory knows, each
 * unless its row already reflects a later event. A card not seen yet is left to its summary (the
 * look-up or its card.created carries the score too); a deleted one stays deleted.
 */
export async function applyCardScores(
  tx: Pick<Tx, 'execute'>,
  scores: { ids: readonly number[]; scores: readonly number[] },
  asOf: Date,
): Promise<void> {
  await tx.execute(sql`
    update ${cardSummaries} s set rarity_score = v.score, as_of = ${asOf}
    from unnest(${sql.param(scores.ids)}::int[], ${sql.param(scores.scores)}::float8[]) as v(id, score)
    where s.id = v.id and s.as_of <= ${asOf} and not s.deleted`);
}

/** Applies a card.deleted; when the card was never seen, leaves a tombstone. */
export async function applyCardDeleted(tx: Writer, id: number, asOf: Date): Promise<void> {
  await tx
    .insert(cardSummaries)
    .values({ id, deleted: true, asOf })
    .onConflictDoUpdate({
      target: cardSummaries.id,
      set: { deleted: true, asOf },
      setWhere: sql`${cardSummaries.asOf} <= excluded.as_of`,
    });
}

/**
 * Stores summaries learnt from catalogue's look-up (not from an event) where inventory knows
 * nothing yet; they are older than any event, so the card's next event still applies.
 */
export async function fillCardSummaries(tx: Writer, cards: readonly CardSummary[]): Promise<void> {
  if (cards.length === 0) return;
  await tx
    .insert(cardSummaries)
    .values(cards.map((card) => ({ id: card.id, ...cardFacts(card), asOf: BEFORE_ANY_EVENT })))
    .onConflictDoNothing();
}

/** Applies a user.created / user.updated that happened at `asOf`, unless a later one did. */
export async function applyUserSummary(tx: Writer, user: UserFacts, asOf: Date): Promise<void> {
  // The summary names the member as they are shown: their display name (Discord's global_name)
  // when the event carries one, else their username (rules: display names).
  const facts = {
    username: user.displayName ?? user.username,
    discordId: user.discordId,
    avatar: user.avatar,
  };
  await tx
    .insert(userSummaries)
    .values({ id: user.id, ...facts, asOf })
    .onConflictDoUpdate({
      target: userSummaries.id,
      set: { ...facts, asOf },
      setWhere: sql`${userSummaries.asOf} <= excluded.as_of`,
    });
}
