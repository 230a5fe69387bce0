import { sessionResolve, usersCount, usersEnsureDiscord, usersGet } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, startAuthHarness } from '../../test/harness';

let h: AuthHarness;
beforeAll(async () => {
  // The developer account is the fan here, to check level 4 is given on sign-in.
  h = await startAuthHarness({ realBus: true, env: { DEVELOPER_DISCORD_ID: '1187394520190640128' } });
});
afterAll(() => h?.close());

describe('auth over the bus', () => {
  it('resolves a session to the identity the gateway forwards', async () => {
    const { sessionId } = await h.signIn(h.accounts[1]!);
    const { session } = await h.bus.request(sessionResolve, { sessionId: sessionId! });
    expect(session).toEqual({
      userId: expect.any(Number),
      adminLevel: 0,
      username: 'admin_hikari',
      // Discord's global name for the account: what pages greet the member by.
      displayName: 'Hikari',
      language: 'en',
    });
  });

  it('resolves unknown, malformed and expired sessions to null', async () => {
    expect((await h.bus.request(sessionResolve, { sessionId: 'x'.repeat(43) })).session).toBeNull();
    expect((await h.bus.request(sessionResolve, { sessionId: '../../etc' })).session).toBeNull();
    const store = h.sessionStore();
    const expired = await store.create({ userId: null, language: 'ru' }, 1);
    await expect
      .poll(async () => (await h.bus.request(sessionResolve, { sessionId: expired })).session)
      .toBeNull();
    const live = await store.create({ userId: null, language: 'ru' });
    expect((await h.bus.request(sessionResolve, { sessionId: live })).session?.language).toBe('ru');
  });

  it('gives the fixed developer account level 4 at every sign-in', async () => {
    const { sessionId } = await h.signIn(h.accounts[0]!);
    const { session } = await h.bus.request(sessionResolve, { sessionId: sessionId! });
    expect(session).toMatchObject({ username: 'sakura_fan', adminLevel: 4 });
  });

  it('counts and looks up users', async () => {
    expect(await h.bus.request(usersCount, {})).toEqual({ count: 2 });
    const { users } = await h.bus.request(usersGet, { ids: [2, 1, 2, 99] });
    expect(users.map((u) => u.username)).toEqual(['admin_hikari', 'sakura_fan']);
    expect(users[0]).toEqual({
      id: 1,
      username: 'admin_hikari',
      displayName: 'Hikari',
      discriminator: '0',
      discordId: h.accounts[1]!.discordId,
      avatar: h.accounts[1]!.avatar,
      // The language chosen on the site, for the bot's DMs (only over the bus, not to members).
      language: 'en',
    });
    expect(await h.bus.request(usersGet, { ids: [] })).toEqual({ users: [] });
  });

  it('creates a user for a Discord account first seen by the bot, once, and announces it', async () => {
    const before = (await h.outboxEvents('user.created')).length;
    const who = { discordId: '998877665544332211', username: 'bot_only_fan', avatar: null };
    const first = await h.bus.request(usersEnsureDiscord, who);
    expect(first.created).toBe(true);
    expect(first.user).toMatchObject({ username: 'bot_only_fan', discordId: who.discordId, adminLevel: 0 });
    const again = await h.bus.request(usersEnsureDiscord, { ...who, username: 'renamed' });
    expect(again).toEqual({ user: first.user, created: false });
    expect((await h.outboxEvents('user.created')).length).toBe(before + 1);
    await expect(
      h.bus.request(usersEnsureDiscord, { ...who, discordId: 'not-a-snowflake' }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });
});
