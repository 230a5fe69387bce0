import { demoAccounts, discordUserJson } from '@acg/fakes';
import { describe, expect, it } from 'vitest';
import { discordProfileSchema, identityFromProfile, profileChanged } from './discord-profile';

describe('Discord profile', () => {
  it('reads the user record fields from a users/@me payload', () => {
    const account = demoAccounts[0]!;
    const payload = discordUserJson(account, ['identify', 'email']);
    expect(identityFromProfile(discordProfileSchema.parse(payload))).toEqual({
      discordId: account.discordId,
      username: account.username,
      globalName: account.globalName,
      discriminator: '0',
      avatar: account.avatar,
      email: account.email,
    });
  });

  it('tolerates a payload without email (no email scope) or avatar', () => {
    const profile = discordProfileSchema.parse({ id: '123456789012345678', username: 'x', avatar: null });
    expect(identityFromProfile(profile)).toMatchObject({ email: null, avatar: null, discriminator: null });
    // No global_name (or a blank one): none, so the member is shown by username.
    expect(identityFromProfile(profile).globalName).toBeNull();
    expect(identityFromProfile({ ...profile, global_name: '  ' }).globalName).toBeNull();
  });

  it('refuses a payload without an id', () => {
    expect(discordProfileSchema.safeParse({ username: 'x' }).success).toBe(false);
  });

  it('reports a change only in what other services see', () => {
    const base = {
      discordId: '1',
      username: 'a',
      discriminator: '0',
      avatar: null,
      email: 'a@x',
      adminLevel: 0,
    };
    expect(profileChanged(base, { ...base, email: 'b@x' })).toBe(false);
    expect(profileChanged(base, { ...base, avatar: 'hash' })).toBe(true);
    expect(profileChanged(base, { ...base, username: 'b' })).toBe(true);
    expect(profileChanged(base, { ...base, adminLevel: 4 })).toBe(true);
  });
});
