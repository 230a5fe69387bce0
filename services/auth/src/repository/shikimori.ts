import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { ShikimoriIdentity } from '../shikimori/shikimori-link';
import type { Executor } from './executor';

/** The Shikimori account is linked to another member already (one account, one member). */
export class ShikimoriAccountTaken extends Error {}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Links (or, with null, unlinks) a member's Shikimori account. */
export async function setShikimoriAccount(
  db: Executor,
  userId: number,
  account: ShikimoriIdentity | null,
): Promise<void> {
  try {
    await db
      .update(users)
      .set({
        shikimoriId: account?.id ?? null,
        shikimoriNickname: account?.nickname ?? null,
        shikimoriAvatar: account?.avatar ?? null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  } catch (err) {
    if (account && isUniqueViolation(err))
      throw new ShikimoriAccountTaken(`Shikimori account ${account.id} is linked to another member`);
    throw err;
  }
}
