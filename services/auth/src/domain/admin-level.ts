/** The fixed developer account's level; nothing else may hold it (architecture §10). */
export const DEVELOPER_LEVEL = 4;
/** The highest level the users table (and the demo seed) can grant. */
export const MAX_GRANTABLE_LEVEL = 3;

export const isDeveloper = (discordId: string, developerDiscordId: string | undefined): boolean =>
  developerDiscordId !== undefined && discordId === developerDiscordId;

/**
 * The level a user has after signing in: the developer account is always 4; everyone else keeps
 * their level (0 when new), but never above 3, so a level 4 left over from an earlier developer
 * id (or written by hand) does not survive a sign-in.
 */
export function adminLevelOnSignIn(
  discordId: string,
  current: number | undefined,
  developerDiscordId: string | undefined,
): number {
  if (isDeveloper(discordId, developerDiscordId)) return DEVELOPER_LEVEL;
  return Math.min(current ?? 0, MAX_GRANTABLE_LEVEL);
}

/** The level a seeded demo account gets; clamped like any grant. */
export function seededAdminLevel(
  discordId: string,
  intended: number,
  developerDiscordId: string | undefined,
): number {
  if (isDeveloper(discordId, developerDiscordId)) return DEVELOPER_LEVEL;
  return Math.max(0, Math.min(intended, MAX_GRANTABLE_LEVEL));
}
