/**
 * Demo Discord accounts the fake server signs in as. The auth service's demo seed and the
 * tests use the same list, so `intendedAdminLevel` is where the two agree on who is an admin.
 */
export interface FakeDiscordAccount {
  /** Discord user id (a snowflake, as a string like the real API). */
  discordId: string;
  username: string;
  globalName: string | null;
  email: string | null;
  /** Avatar hash as Discord sends it (`a_` prefix = animated), or null for the default avatar. */
  avatar: string | null;
  locale: string;
  /** Admin level the auth service's demo seed gives this account (0 fan ... 3 administrator). */
  intendedAdminLevel: number;
}

export const demoAccounts: readonly Readonly<FakeDiscordAccount>[] = Object.freeze(
  [
    {
      discordId: '1187394520190640128',
      username: 'sakura_fan',
      globalName: 'Sakura Fan',
      email: 'sakura_fan@example.com',
      avatar: '3f9c1d2e8a7b4c5d6e0f1a2b3c4d5e6f',
      locale: 'en-US',
      intendedAdminLevel: 0,
    },
    {
      discordId: '1187394520190640129',
      username: 'admin_hikari',
      globalName: 'Hikari',
      email: 'admin_hikari@example.com',
      avatar: 'a_7e2b9c4d1f3a5b6c8d0e2f4a6b8c0d1e',
      locale: 'ru',
      intendedAdminLevel: 3,
    },
  ].map((a) => Object.freeze(a)),
);

/** The body of GET /api/users/@me, shaped like Discord's (API v10); `email` only with the email scope. */
export function discordUserJson(account: FakeDiscordAccount, scopes: readonly string[]) {
  const withEmail = scopes.includes('email');
  return {
    id: account.discordId,
    username: account.username,
    avatar: account.avatar,
    discriminator: '0',
    public_flags: 0,
    flags: 0,
    banner: null,
    accent_color: null,
    global_name: account.globalName,
    avatar_decoration_data: null,
    collectibles: null,
    banner_color: null,
    clan: null,
    primary_guild: null,
    mfa_enabled: false,
    locale: account.locale,
    premium_type: 0,
    ...(withEmail ? { email: account.email, verified: account.email !== null } : {}),
  };
}
export type DiscordUserJson = ReturnType<typeof discordUserJson>;
