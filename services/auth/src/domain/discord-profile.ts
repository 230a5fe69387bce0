import { z } from 'zod';

/** The fields of Discord's GET /users/@me we use; the rest of the payload is ignored. */
export const discordProfileSchema = z.object({
  id: z.string().regex(/^\d+$/),
  username: z.string().min(1),
  /** The display name the member set on Discord; null or absent when none. */
  global_name: z.string().nullish(),
  discriminator: z.string().nullish(),
  avatar: z.string().nullish(),
  email: z.string().nullish(),
});
export type DiscordProfile = z.infer<typeof discordProfileSchema>;

/** What a sign-in writes into the user record (the rest is ours: levels, language, links). */
export interface DiscordIdentity {
  discordId: string;
  username: string;
  /** Discord's display name (`global_name`); absent where the source carries none (the bot). */
  globalName?: string | null;
  discriminator: string | null;
  avatar: string | null;
  email: string | null;
}

export function identityFromProfile(profile: DiscordProfile): DiscordIdentity {
  return {
    discordId: profile.id,
    username: profile.username,
    globalName: profile.global_name?.trim() || null,
    discriminator: profile.discriminator ?? null,
    avatar: profile.avatar ?? null,
    email: profile.email ?? null,
  };
}

/** Whether a sign-in changed anything other services see (and so deserves a user.updated). */
export function profileChanged(
  before: DiscordIdentity & { adminLevel: number },
  after: DiscordIdentity & { adminLevel: number },
): boolean {
  return (
    before.username !== after.username ||
    (before.globalName ?? null) !== (after.globalName ?? null) ||
    before.discriminator !== after.discriminator ||
    before.avatar !== after.avatar ||
    before.adminLevel !== after.adminLevel
  );
}
