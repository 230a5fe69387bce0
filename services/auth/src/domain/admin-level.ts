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

/** Why a level change is refused, or null when it may go ahead (docs/rules.md, "Who may change levels"). */
export type LevelChangeRefusal = 'developer' | 'own-level' | 'above-own' | 'target-above-own' | 'not-admin';

/**
 * The server's rules for `POST /admin/users/{id}/adminLevel` beyond the body's 0–3 range:
 * the developer account never changes; nobody changes their own level; an administrator cannot
 * grant a level above their own nor change someone whose level is above their own. `actorLevel`
 * is read from the database in the same transaction, not from a possibly older identity.
 */
export function levelChangeRefusal(
  actor: { id: number; adminLevel: number },
  target: { id: number; discordId: string; adminLevel: number },
  level: number,
  developerDiscordId: string | undefined,
): LevelChangeRefusal | null {
  if (isDeveloper(target.discordId, developerDiscordId) || target.adminLevel === DEVELOPER_LEVEL)
    return 'developer';
  if (actor.id === target.id) return 'own-level';
  if (actor.adminLevel < MAX_GRANTABLE_LEVEL) return 'not-admin';
  if (level > actor.adminLevel) return 'above-own';
  if (target.adminLevel > actor.adminLevel) return 'target-above-own';
  return null;
}
