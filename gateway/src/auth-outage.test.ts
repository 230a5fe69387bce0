import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './testing/harness';

/**
 * An auth outage (issue 23, rules §48): members the gateway saw signed in stay signed in for the
 * stale period; a visitor it never saw is anonymous; a sign-in gets a 503 page in the visitor's
 * language.
 */
describe('the gateway while auth is down', () => {
  let h: Harness;
  beforeAll(async () => {
    // Every request asks auth: the short session cache plays no part here.
    h = await startHarness({ env: { SESSION_CACHE_TTL_MS: '0', TRUST_PROXY: '1' } });
  });
  afterAll(() => h.close());

  /** The trusted proxy says the visitor used the public host: no sign-in redirect there first. */
  const onPublicHost = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'localhost:3000' };
  const me = (sid: string) =>
    h.request('/api/me', { headers: { cookie: `sid=${sid}`, accept: 'application/json' } });

  it('keeps a signed-in member signed in, and a visitor it never saw anonymous', async () => {
    h.sessions.set('member-session-seen-before', {
      userId: 9,
      adminLevel: 0,
      username: 'u9',
      language: 'ru',
    });
    h.sessions.set('member-session-never-seen', {
      userId: 10,
      adminLevel: 0,
      username: 'u10',
      language: 'en',
    });
    const before = await me('member-session-seen-before');
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ identity: { userId: 9 } });

    h.setAuthServing(false);
    try {
      const lookups = h.sessionLookups();
      const during = await me('member-session-seen-before');
      expect(during.status).toBe(200);
      expect(await during.json()).toMatchObject({ identity: { userId: 9, language: 'ru' } });
      const unseen = await me('member-session-never-seen');
      expect(unseen.status).toBe(200);
      expect(await unseen.json()).toMatchObject({ identity: { userId: null } });
      expect(h.sessionLookups()).toBe(lookups);
    } finally {
      h.setAuthServing(true);
    }
  });

  it('answers a sign-in with a 503 page saying so, in the visitor’s language', async () => {
    await h.upstreams.get('auth')!.close();
    for (const [acceptLanguage, text] of [
      ['ru-RU,ru;q=0.9,en;q=0.8', 'Вход временно недоступен'],
      ['en-GB,en;q=0.9', 'Signing in is temporarily unavailable'],
    ] as const) {
      const res = await h.request('/auth/discord', {
        headers: {
          ...onPublicHost,
          accept: 'text/html,application/xhtml+xml',
          'accept-language': acceptLanguage,
        },
        redirect: 'manual',
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.text()).toContain(text);
    }
    // An API call keeps the JSON shape.
    const api = await h.request('/auth/discord', {
      headers: { ...onPublicHost, accept: 'application/json' },
      redirect: 'manual',
    });
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ code: 'service_unavailable' });
  });
});
