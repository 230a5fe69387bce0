import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, session, sessionCookie, startHarness } from './testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ upstreams: ['auth', 'catalogue', 'bot'], services: ['auth', 'catalogue', 'bot'] });
  h.sessions.set('session-of-an-admin-02', session(4, 3));
});
afterAll(() => h.close());

const authHits = () => h.upstreams.get('auth')!.hits.length;
const changeLanguage = (headers: Record<string, string>, body?: string) =>
  h.request('/change-language/ru', { method: 'POST', headers, ...(body === undefined ? {} : { body }) });

describe('cross-site request refusal', () => {
  it('refuses a POST from another origin before it reaches the service', async () => {
    const before = authHits();
    const res = await changeLanguage({ origin: 'https://evil.example', 'content-type': 'application/json' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'cross_site_request', error: expect.any(String) });
    expect(authHits()).toBe(before);
  });

  it('refuses a cross-site fetch even with a JSON body', async () => {
    const res = await changeLanguage(
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      '{}',
    );
    expect(res.status).toBe(403);
  });

  it('refuses a same-origin POST of text/plain or a urlencoded form ("simple" requests)', async () => {
    const before = authHits();
    const plain = await changeLanguage(
      { origin: 'http://localhost:3000', 'content-type': 'text/plain' },
      'x',
    );
    expect(plain.status).toBe(403);
    const form = await changeLanguage(
      { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      'a=1',
    );
    expect(form.status).toBe(403);
    expect(authHits()).toBe(before);
  });

  it('refuses a POST that says nothing about where it comes from', async () => {
    expect((await changeLanguage({ 'content-type': 'application/json' })).status).toBe(403);
  });

  it('passes a same-origin JSON POST with an empty body (the language switch)', async () => {
    const res = await changeLanguage({ origin: 'http://localhost:3000', 'content-type': 'application/json' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ service: 'auth', method: 'POST', url: '/change-language/ru' });
  });

  it('accepts Sec-Fetch-Site same-origin without Origin, and the Host as the origin only when it is the public host', async () => {
    // The harness gateway listens on 127.0.0.1:<port>, its public URL is localhost:3000: that
    // Host is the client's word and is not believed (security/public-host.ts).
    const host = new URL(h.url).host;
    expect(
      (await changeLanguage({ origin: `http://${host}`, 'content-type': 'application/json' })).status,
    ).toBe(403);
    expect(
      (
        await changeLanguage({
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/json; charset=utf-8',
        })
      ).status,
    ).toBe(200);
  });

  it('checks DELETE too, and passes a same-origin one without a body', async () => {
    const cookie = sessionCookie('session-of-an-admin-02');
    const crossSite = await h.request('/admin/cards/5', {
      method: 'DELETE',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await h.request('/admin/cards/5', {
      method: 'DELETE',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(sameOrigin.status).toBe(200);
  });

  it('lets Discord post interactions to the bot (verified by signature there)', async () => {
    const res = await h.request('/interactions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"type":1}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ service: 'bot', url: '/interactions' });
  });
});
