/** Demo Shikimori accounts the fake's consent page signs in as (the same people as the Discord demo). */
export interface ShikimoriAccount {
  id: number;
  nickname: string;
  sex: 'male' | 'female' | '';
  locale: 'ru' | 'en';
}

export const shikimoriDemoAccounts: readonly Readonly<ShikimoriAccount>[] = Object.freeze([
  Object.freeze({ id: 1_283_517, nickname: 'sakura_fan', sex: 'female' as const, locale: 'ru' as const }),
  Object.freeze({ id: 1_283_518, nickname: 'Хикари', sex: '' as const, locale: 'ru' as const }),
]);

/** The body of GET /api/users/whoami: avatars are absolute URLs on the site. */
export function whoamiJson(account: ShikimoriAccount, origin: string) {
  const avatar = (size: string) => `${origin}/system/users/${size}/${account.id}.png?1700000000`;
  return {
    id: account.id,
    nickname: account.nickname,
    avatar: avatar('x48'),
    image: Object.fromEntries(['x160', 'x148', 'x80', 'x64', 'x48', 'x32', 'x16'].map((s) => [s, avatar(s)])),
    last_online_at: new Date().toISOString(),
    url: `${origin}/${encodeURIComponent(account.nickname)}`,
    name: null,
    sex: account.sex,
    website: '',
    birth_on: null,
    full_years: null,
    locale: account.locale,
  };
}
