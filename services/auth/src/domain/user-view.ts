import type { PublicUser, User } from '@acg/contracts';
import type { UserRow } from '../db/schema';

/**
 * The name a member is shown by (rules: display names): Discord's `global_name` when they set
 * one, their `username` otherwise.
 */
export const displayNameOf = (row: Pick<UserRow, 'username' | 'globalName'>): string =>
  row.globalName?.trim() || row.username;

/** The user record as the API and events show it (requirements M3). */
export function toUser(row: UserRow): User {
  return {
    ...toPublicUser(row),
    email: row.email,
    level: row.level,
    adminLevel: row.adminLevel,
    language: row.language,
    shikimoriId: row.shikimoriId,
    shikimoriNickname: row.shikimoriNickname,
    shikimoriAvatar: row.shikimoriAvatar,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPublicUser(
  row: Pick<UserRow, 'id' | 'username' | 'globalName' | 'discriminator' | 'discordId' | 'avatar'>,
): PublicUser {
  return {
    id: row.id,
    username: row.username,
    displayName: displayNameOf(row),
    discriminator: row.discriminator,
    discordId: row.discordId,
    avatar: row.avatar,
  };
}

/** The data of user.created / user.updated events. */
export const userEventData = (row: UserRow) => ({ ...toPublicUser(row), adminLevel: row.adminLevel });
