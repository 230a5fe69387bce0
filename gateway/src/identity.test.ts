import { IDENTITY_HEADER } from '@acg/contracts';
import { signIdentity } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Echo,
  type Harness,
  INTERNAL_SECRET,
  session,
  sessionCookie,
  startHarness,
} from './testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { SESSION_CACHE_TTL_MS: '60000' } });
});
afterAll(() => h.close());

const echo = async (res: Response): Promise<Echo> => {
  expect(res.status).toBe(200);
  return (await res.json()) as Echo;
};

describe('identity forwarded upstream', () => {
  it('drops an identity header the client forged, even one signed with the real secret', async () => {
    const forged = signIdentity({ userId: 1, adminLevel: 4, language: 'ru' }, INTERNAL_SECRET);
    const seen = await echo(
      await h.request('/api/stats', {
        headers: { [IDENTITY_HEADER]: forged, 'X-ACG-Admin': 'yes', 'x-acg-user': '1' },
      }),
    );
    expect(seen.identity).toEqual({ userId: null, adminLevel: 0, language: 'en' });
    // Only the gateway's own identity header arrives.
    expect(seen.internalHeaders).toEqual([IDENTITY_HEADER]);
  });

  it('turns a signed-in session cookie into a verified identity, and keeps cookies from non-auth services', async () => {
    h.sessions.set('session-of-user-seven', session(7, 1, 'ru'));
    const cookie = sessionCookie('session-of-user-seven');
    const atCatalogue = await echo(await h.request('/api/stats', { headers: { cookie } }));
    expect(atCatalogue.identity).toEqual({ userId: 7, adminLevel: 1, language: 'ru' });
    expect(atCatalogue.cookie).toBeNull();

    const atAuth = await echo(await h.request('/api/me', { headers: { cookie } }));
    expect(atAuth.identity.userId).toBe(7);
    expect(atAuth.cookie).toBe(cookie);
  });

  it('treats an unknown session id as anonymous', async () => {
    const seen = await echo(
      await h.request('/api/stats', { headers: { cookie: sessionCookie('no-such-session-0001') } }),
    );
    expect(seen.identity.userId).toBeNull();
  });

  it('asks auth once per session within the cache time, and again after sign-out passes through', async () => {
    h.sessions.set('session-to-sign-out-01', session(8));
    const cookie = sessionCookie('session-to-sign-out-01');
    const before = h.sessionLookups();
    await echo(await h.request('/api/me', { headers: { cookie } }));
    await echo(await h.request('/api/stats', { headers: { cookie } }));
    expect(h.sessionLookups() - before).toBe(1);

    // auth deletes the session, then its /auth/logout answer passes through the gateway.
    h.sessions.delete('session-to-sign-out-01');
    await echo(await h.request('/auth/logout', { headers: { cookie } }));
    const after = await echo(await h.request('/api/stats', { headers: { cookie } }));
    expect(after.identity.userId).toBeNull();
  });

  it('re-reads the session after a language change', async () => {
    h.sessions.set('session-changing-lang', session(9, 0, 'en'));
    const cookie = sessionCookie('session-changing-lang');
    expect((await echo(await h.request('/api/stats', { headers: { cookie } }))).identity.language).toBe('en');
    h.sessions.set('session-changing-lang', session(9, 0, 'ru'));
    const changed = await h.request('/change-language/ru', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
    });
    expect(changed.status).toBe(200);
    expect((await echo(await h.request('/api/stats', { headers: { cookie } }))).identity.language).toBe('ru');
  });
});

describe('request id', () => {
  it('carries a well-formed incoming request id to the service and back', async () => {
    const res = await h.request('/api/stats', { headers: { 'x-request-id': 'trace-42.abc' } });
    expect(res.headers.get('x-request-id')).toBe('trace-42.abc');
    expect((await echo(res)).requestId).toBe('trace-42.abc');
  });

  it('makes one up when there is none, the same upstream and in the answer', async () => {
    const res = await h.request('/api/stats');
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await echo(res)).requestId).toBe(id);
  });
});

describe('access by route table', () => {
  it('answers 401 to an anonymous visitor on a user route, without reaching the service', async () => {
    const hits = h.upstreams.get('catalogue')!.hits.length;
    const res = await h.request('/api/characters', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'authentication_required', error: expect.any(String) });
    expect(h.upstreams.get('catalogue')!.hits.length).toBe(hits);
  });

  it('answers 401 anonymous and 403 below the admin level on admin routes, and forwards an admin', async () => {
    h.sessions.set('session-plain-user-01', session(20, 2));
    h.sessions.set('session-administrator', session(21, 3));
    const json = { accept: 'application/json' };
    expect((await h.request('/admin/cards', { headers: json })).status).toBe(401);
    const forbidden = await h.request('/admin/cards', {
      headers: { ...json, cookie: sessionCookie('session-plain-user-01') },
    });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ code: 'forbidden' });
    const admin = await echo(
      await h.request('/admin/cards', {
        headers: { ...json, cookie: sessionCookie('session-administrator') },
      }),
    );
    expect(admin).toMatchObject({
      service: 'catalogue',
      url: '/admin/cards',
      identity: { userId: 21, adminLevel: 3 },
    });
  });

  it('answers 405 for a method the route table does not list on a known path', async () => {
    const res = await h.request('/api/stats', {
      method: 'DELETE',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ code: 'method_not_allowed' });
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 503 on user routes and serves public ones anonymously while auth cannot be asked', async () => {
    h.sessions.set('session-while-auth-down', session(30));
    const cookie = sessionCookie('session-while-auth-down');
    h.setAuthServing(false);
    try {
      const userRoute = await h.request('/api/characters', {
        headers: { cookie, accept: 'application/json' },
      });
      expect(userRoute.status).toBe(503);
      expect(await userRoute.json()).toMatchObject({ code: 'service_unavailable' });
      const publicRoute = await echo(await h.request('/api/stats', { headers: { cookie } }));
      expect(publicRoute.identity.userId).toBeNull();
    } finally {
      h.setAuthServing(true);
    }
    // Once auth answers again, the same visitor is recognised.
    const back = await echo(await h.request('/api/characters', { headers: { cookie } }));
    expect(back.identity.userId).toBe(30);
  });
});
