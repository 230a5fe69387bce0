import type { Language } from '@acg/contracts';
import { matchesSearch } from '@acg/i18n';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { type UserRow, users } from '../db/schema';
import type { DiscordIdentity } from '../domain/discord-profile';
import type { Executor } from './executor';

const publicColumns = {
  id: users.id,
  username: users.username,
  globalName: users.globalName,
  discriminator: users.discriminator,
  discordId: users.discordId,
  avatar: users.avatar,
  /** Not shown to other members (toPublicUser leaves it out); the bot writes DMs in it. */
  language: users.language,
};

/** Inserts a user unless one with this Discord id exists; returns the new row, or undefined. */
export async function insertUserIfNew(
  db: Executor,
  identity: DiscordIdentity,
  values: { adminLevel: number; language: Language },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...identity, ...values })
    .onConflictDoNothing({ target: users.discordId })
    .returning();
  return row;
}

/** The user with this Discord id, locked until the transaction ends. */
export async function lockUserByDiscordId(db: Executor, discordId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.discordId, discordId)).for('update');
  return row;
}

export async function updateUser(
  db: Executor,
  id: number,
  patch: Partial<DiscordIdentity & { adminLevel: number; language: Language }>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished during an update`);
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByDiscordId(db: Executor, discordId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.discordId, discordId));
  return row;
}

/** Every user as others see them, by username (then id, so equal names keep a stable order). */
export function listPublicUsers(db: Executor) {
  return db.select(publicColumns).from(users).orderBy(asc(users.username), asc(users.id));
}

/**
 * Members whose display name or username contains `query` (matchesSearch: any script, case and
 * accents ignored), by username, at most `limit`. Names are compared here, not in SQL: the
 * database's collation may not fold Cyrillic or accents. One narrow pass over the users.
 */
export async function searchPublicUsers(db: Executor, query: string, limit: number) {
  const names = await db
    .select({ id: users.id, username: users.username, globalName: users.globalName })
    .from(users)
    .orderBy(asc(users.username), asc(users.id));
  const ids = names
    .filter((u) => matchesSearch([u.globalName, u.username], query))
    .slice(0, limit)
    .map((u) => u.id);
  const rows = await findPublicUsers(db, ids);
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

export function findPublicUsers(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(publicColumns).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id));
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function setUserLanguage(db: Executor, id: number, language: Language): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Level and name the gateway needs to build an identity. */
export async function findIdentityFields(db: Executor, id: number) {
  const [row] = await db
    .select({ adminLevel: users.adminLevel, username: users.username, globalName: users.globalName })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
