import type { Db, Tx } from '@acg/platform';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { users } from '../db/schema';

export interface UserFacts {
  id: number;
  username: string;
  /** The name the member is shown by (global_name, else username); absent in older events. */
  displayName?: string | undefined;
  discordId: string;
  avatar: string | null;
  adminLevel: number;
}

/**
 * Upserts a user from user.created/updated; an event older than what the row reflects (a late
 * redelivery) changes nothing.
 */
export async function applyUser(tx: Tx, u: UserFacts, asOf: Date): Promise<void> {
  await tx
    .insert(users)
    // The audit log names members as they are shown: display name, else username.
    .values({
      id: u.id,
      username: u.displayName ?? u.username,
      discordId: u.discordId,
      avatar: u.avatar,
      adminLevel: u.adminLevel,
      asOf,
    })
    .onConflictDoUpdate({
      target: users.id,
      set: {
        username: sql`excluded.username`,
        discordId: sql`excluded.discord_id`,
        avatar: sql`excluded.avatar`,
        adminLevel: sql`excluded.admin_level`,
        asOf: sql`excluded.as_of`,
      },
      setWhere: lt(users.asOf, asOf),
    });
}

/** user.level-changed: only the level, and only over older facts. */
export async function applyLevel(tx: Tx, id: number, adminLevel: number, asOf: Date): Promise<void> {
  await tx
    .update(users)
    .set({ adminLevel, asOf })
    .where(and(eq(users.id, id), lt(users.asOf, asOf)));
}

/** The names the log shows for these users (those it knows), by id. */
export async function userNames(db: Db | Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.username })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}
