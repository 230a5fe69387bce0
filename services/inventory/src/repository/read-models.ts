import type { CardSummary, PublicUser } from '@acg/contracts';
import type { Tx } from '@acg/platform';
import { eq } from 'drizzle-orm';
import { cardSummaries, userSummaries } from '../db/schema';

type AnyTx = Pick<Tx, 'insert' | 'update'>;

export async function upsertCardSummary(tx: AnyTx, card: CardSummary): Promise<void> {
  const values = {
    id: card.id,
    characterId: card.characterId,
    characterName: card.characterName,
    rankCode: card.rankCode,
    rankTitle: card.rankTitle,
    rankColor: card.rankColor,
    limited: card.limited,
    imageUrl: card.imageUrl,
    rarityScore: card.rarityScore,
    deleted: false,
  };
  await tx.insert(cardSummaries).values(values).onConflictDoUpdate({ target: cardSummaries.id, set: values });
}

export async function markCardDeleted(tx: AnyTx, id: number): Promise<void> {
  await tx.update(cardSummaries).set({ deleted: true }).where(eq(cardSummaries.id, id));
}

export async function upsertUserSummary(
  tx: AnyTx,
  user: Pick<PublicUser, 'id' | 'username' | 'discordId' | 'avatar'>,
) {
  const values = { id: user.id, username: user.username, discordId: user.discordId, avatar: user.avatar };
  await tx.insert(userSummaries).values(values).onConflictDoUpdate({ target: userSummaries.id, set: values });
}
