import { DEFAULT_LANGUAGE, type Language, userCreated, userUpdated } from '@acg/contracts';
import { type Database, enqueue, makeEvent } from '@acg/platform';
import { outbox, type UserRow } from '../db/schema';
import { adminLevelOnSignIn, seededAdminLevel } from '../domain/admin-level';
import { type DiscordIdentity, profileChanged } from '../domain/discord-profile';
import { userEventData } from '../domain/user-view';
import { insertUserIfNew, lockUserByDiscordId, updateUser } from './users';

export interface SignInRecord {
  user: UserRow;
  created: boolean;
}

/**
 * Creates or refreshes the user behind a Discord sign-in, and writes `user.created` (first
 * sign-in) or `user.updated` (a later one that changed what other services see) to the outbox
 * in the same transaction. Insert-or-nothing first, so two first sign-ins racing each other
 * end with one user, not a unique-constraint failure.
 */
export function recordSignIn(
  database: Database,
  identity: DiscordIdentity,
  opts: { developerDiscordId: string | undefined; language: Language | undefined },
): Promise<SignInRecord> {
  return database.transaction(async (tx) => {
    const inserted = await insertUserIfNew(tx, identity, {
      adminLevel: adminLevelOnSignIn(identity.discordId, undefined, opts.developerDiscordId),
      language: opts.language ?? DEFAULT_LANGUAGE,
    });
    if (inserted) {
      await enqueue(tx, outbox, makeEvent(userCreated, userEventData(inserted)));
      return { user: inserted, created: true };
    }
    const before = await lockUserByDiscordId(tx, identity.discordId);
    if (!before) throw new Error(`user ${identity.discordId} neither inserted nor found`);
    const adminLevel = adminLevelOnSignIn(identity.discordId, before.adminLevel, opts.developerDiscordId);
    const user = await updateUser(tx, before.id, {
      ...identity,
      adminLevel,
      ...(opts.language ? { language: opts.language } : {}),
    });
    if (profileChanged(before, user)) await enqueue(tx, outbox, makeEvent(userUpdated, userEventData(user)));
    return { user, created: false };
  });
}

/**
 * Demo accounts for the embedded mode: created once with their intended level (and announced
 * like any new user); an existing account is left alone, so a level an admin changed later
 * survives restarts. Returns how many were created.
 */
export async function seedUsers(
  database: Database,
  accounts: ReadonlyArray<DiscordIdentity & { intendedAdminLevel: number }>,
  developerDiscordId: string | undefined,
): Promise<number> {
  let created = 0;
  for (const { intendedAdminLevel, ...identity } of accounts) {
    await database.transaction(async (tx) => {
      const user = await insertUserIfNew(tx, identity, {
        adminLevel: seededAdminLevel(identity.discordId, intendedAdminLevel, developerDiscordId),
        language: DEFAULT_LANGUAGE,
      });
      if (!user) return;
      created++;
      await enqueue(tx, outbox, makeEvent(userCreated, userEventData(user)));
    });
  }
  return created;
}

/**
 * The user behind a Discord account seen by the bot: created on first sight (a fan may drop
 * cards before ever signing in to the site) and announced with `user.created`; an existing
 * user is returned unchanged (the interaction carries no e-mail, so it never overwrites the
 * profile a sign-in keeps).
 */
export function ensureDiscordUser(
  database: Database,
  identity: Omit<DiscordIdentity, 'email'>,
  developerDiscordId: string | undefined,
): Promise<SignInRecord> {
  return database.transaction(async (tx) => {
    const inserted = await insertUserIfNew(
      tx,
      { ...identity, email: null },
      {
        adminLevel: adminLevelOnSignIn(identity.discordId, undefined, developerDiscordId),
        language: DEFAULT_LANGUAGE,
      },
    );
    if (inserted) {
      await enqueue(tx, outbox, makeEvent(userCreated, userEventData(inserted)));
      return { user: inserted, created: true };
    }
    const existing = await lockUserByDiscordId(tx, identity.discordId);
    if (!existing) throw new Error(`user ${identity.discordId} neither inserted nor found`);
    return { user: existing, created: false };
  });
}
