import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, startAuthHarness } from '../../test/harness';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness({ seedDemoUsers: true });
});
afterAll(() => h?.close());

describe('GET /api/users', () => {
  it('requires a signed-in user', async () => {
    expect((await h.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const anonymous = await h.inject({
      method: 'GET',
      url: '/api/users',
      headers: h.identity({ userId: null }),
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await h.inject({
      method: 'GET',
      url: '/api/users',
      headers: { 'x-acg-identity': 'e30.forged' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('lists every user’s public fields, by username', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/users', headers: h.identity({ userId: 1 }) });
    expect(res.statusCode).toBe(200);
    const users = res.json() as Array<Record<string, unknown>>;
    expect(users.map((u) => u.username)).toEqual(['admin_hikari', 'sakura_fan']);
    const fan = h.accounts[0]!;
    expect(users[1]).toEqual({
      id: expect.any(Number),
      username: 'sakura_fan',
      // Not signed in through Discord here (no global_name known): shown by username.
      displayName: 'sakura_fan',
      discriminator: '0',
      discordId: fan.discordId,
      avatar: fan.avatar,
    });
  });
});
