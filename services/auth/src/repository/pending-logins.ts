import { eq, inArray, lt } from 'drizzle-orm';
import { oauthStates } from '../db/schema';
import type { Executor } from './executor';

export interface PendingLogin {
  loginHash: string;
  provider: 'discord' | 'shikimori';
  /** Who started a link to another site; null or absent for a sign-in. */
  userId?: number | null;
  state: string;
  codeVerifier: string;
  /** Where to send the visitor once the sign-in ends (a safe same-site path). */
  returnTo: string;
  expiresAt: Date;
}

/** Stores a sign-in in progress, and clears a few abandoned ones while at it. */
export async function savePendingLogin(db: Executor, login: PendingLogin): Promise<void> {
  await db.insert(oauthStates).values(login);
  const abandoned = db
    .select({ loginHash: oauthStates.loginHash })
    .from(oauthStates)
    .where(lt(oauthStates.expiresAt, new Date()))
    .limit(100);
  await db.delete(oauthStates).where(inArray(oauthStates.loginHash, abandoned));
}

/** Removes and returns a live pending sign-in: each can complete at most once. */
export async function takePendingLogin(db: Executor, loginHash: string): Promise<PendingLogin | undefined> {
  const [row] = await db.delete(oauthStates).where(eq(oauthStates.loginHash, loginHash)).returning();
  return row && row.expiresAt > new Date() ? row : undefined;
}
