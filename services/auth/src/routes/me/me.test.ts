import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, startAuthHarness } from '../../test/harness';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(() => h?.close());

describe('GET /api/me', () => {
  it('answers a visitor with no user and their language', async () => {
    const plain = await h.inject({ method: 'GET', url: '/api/me' });
    expect(plain.json()).toEqual({ user: null, language: 'en' });
    const ru = await h.inject({
      method: 'GET',
      url: '/api/me',
      headers: h.identity({ userId: null, language: 'ru' }),
    });
    expect(ru.json()).toEqual({ user: null, language: 'ru' });
  });

  it('answers a signed-in user with their record', async () => {
    const { sessionId } = await h.signIn(h.accounts[1]!);
    expect(sessionId).toBeDefined();
    const res = await h.inject({ method: 'GET', url: '/api/me', headers: h.identity({ userId: 1 }) });
    expect(res.statusCode).toBe(200);
    const account = h.accounts[1]!;
    expect(res.json()).toEqual({
      language: 'en',
      user: {
        id: 1,
        username: account.username,
        // Signed in through Discord, which sent its global_name.
        displayName: account.globalName,
        discriminator: '0',
        discordId: account.discordId,
        avatar: account.avatar,
        email: account.email,
        level: 0,
        adminLevel: 0,
        language: 'en',
        shikimoriId: null,
        shikimoriNickname: null,
        shikimoriAvatar: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
  });
});
