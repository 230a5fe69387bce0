import { sessionResolve } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, startAuthHarness } from '../../test/harness';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(() => h?.close());

describe('GET /auth/logout', () => {
  it('deletes the session server-side, clears the cookie and goes home', async () => {
    const { sessionId } = await h.signIn(h.accounts[0]!);
    expect((await h.bus.request(sessionResolve, { sessionId: sessionId! })).session).not.toBeNull();

    const res = await h.inject({ method: 'GET', url: '/auth/logout', cookies: { sid: sessionId! } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const cleared = res.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    expect((await h.bus.request(sessionResolve, { sessionId: sessionId! })).session).toBeNull();
  });

  it('goes home without a session too', async () => {
    const res = await h.inject({ method: 'GET', url: '/auth/logout' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('ignores a logout another site navigates to', async () => {
    const { sessionId } = await h.signIn(h.accounts[0]!);
    const res = await h.inject({
      method: 'GET',
      url: '/auth/logout',
      cookies: { sid: sessionId! },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(302);
    expect((await h.bus.request(sessionResolve, { sessionId: sessionId! })).session).not.toBeNull();
  });
});
