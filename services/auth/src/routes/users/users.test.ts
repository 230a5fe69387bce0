import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
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

  it('finds members by any part of their names with q, in any script, case and accents ignored', async () => {
    const fan = h.accounts[0]!;
    await h.database.db
      .update(users)
      .set({ globalName: 'Сакура Хару' })
      .where(eq(users.discordId, fan.discordId));
    const search = async (query: string) => {
      const res = await h.inject({
        method: 'GET',
        url: `/api/users?${query}`,
        headers: h.identity({ userId: 1 }),
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as Array<{ username: string; displayName: string }>).map((u) => u.username);
    };
    expect(await search('q=SAKURA')).toEqual(['sakura_fan']);
    expect(await search(`q=${encodeURIComponent('сакура')}`)).toEqual(['sakura_fan']);
    expect(await search(`q=${encodeURIComponent('хару')}`)).toEqual(['sakura_fan']);
    expect(await search('q=hik')).toEqual(['admin_hikari']);
    expect(await search('q=_')).toEqual([]);
    expect(await search('q=nobody')).toEqual([]);
    expect(await search('q=a&limit=1')).toEqual(['admin_hikari']);
    const bad = await h.inject({
      method: 'GET',
      url: '/api/users?limit=0',
      headers: h.identity({ userId: 1 }),
    });
    expect(bad.statusCode).toBe(400);
  });
});
