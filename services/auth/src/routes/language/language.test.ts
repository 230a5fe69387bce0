import { sessionResolve } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, cookieValue, startAuthHarness } from '../../test/harness';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(() => h?.close());

const json = { 'content-type': 'application/json' };
const change = (lang: string, opts: { headers?: Record<string, string>; body?: string; sid?: string } = {}) =>
  h.inject({
    method: 'POST',
    url: `/change-language/${lang}`,
    headers: opts.headers ?? json,
    ...(opts.body === undefined ? {} : { body: opts.body }),
    cookies: opts.sid ? { sid: opts.sid } : {},
  });
const resolve = async (sessionId: string) => (await h.bus.request(sessionResolve, { sessionId })).session;

describe('POST /change-language/:lang', () => {
  it('gives an anonymous visitor a session holding the language (empty JSON body)', async () => {
    const res = await change('ru');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const sid = cookieValue(res, 'sid')!;
    expect(await resolve(sid)).toEqual({ userId: null, adminLevel: 0, username: null, language: 'ru' });
  });

  it('keeps an anonymous session one day only, in the store and in the cookie', async () => {
    const before = Date.now();
    const res = await change('ru');
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.maxAge).toBe(86_400);
    const stored = await h.sessionStore().get(cookie.value);
    expect(stored!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    expect(stored!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000 + 1000);
  });

  it('refuses a NUL in the language with a 400 naming the field', async () => {
    const res = await change('%00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(JSON.stringify(res.json().details)).toContain('lang');
  });

  it('accepts {} as the body and changes an existing session in place', async () => {
    const sid = cookieValue(await change('ru'), 'sid')!;
    const res = await change('en', { body: '{}', sid });
    expect(res.statusCode).toBe(200);
    expect(cookieValue(res, 'sid')).toBeUndefined();
    expect((await resolve(sid))?.language).toBe('en');
  });

  it('stores a signed-in user’s choice on the session and on the account', async () => {
    const { sessionId } = await h.signIn(h.accounts[0]!);
    expect((await change('ru', { sid: sessionId })).statusCode).toBe(200);
    const session = await resolve(sessionId!);
    expect(session?.language).toBe('ru');
    const me = await h.inject({
      method: 'GET',
      url: '/api/me',
      headers: h.identity({ userId: session!.userId }),
    });
    expect(me.json().user.language).toBe('ru');
  });

  it('refuses an unsupported language with a clear message', async () => {
    const res = await change('de');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      error: 'Unsupported language "de": use one of en, ru',
    });
    expect(cookieValue(res, 'sid')).toBeUndefined();
    // In the caller's language (docs/rules.md, refusals), as the content type and cross-site refusals.
    const russian = { ...h.identity({ userId: null, language: 'ru' }) };
    expect((await change('de', { headers: { ...json, ...russian } })).json().error).toBe(
      'Язык «de» не поддерживается: выберите один из en, ru',
    );
    expect((await change('ru', { headers: russian })).json().error).toBe(
      'Content-Type должен быть application/json',
    );
    const crossSite = await change('ru', {
      headers: { ...json, ...russian, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.json().error).toBe('Запрос с другого сайта отклонён');
  });

  it('requires a JSON content type', async () => {
    const form = await change('ru', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.statusCode).toBe(415);
    const none = await change('ru', { headers: {} });
    expect(none.statusCode).toBe(415);
    const malformed = await change('ru', { body: '{nope' });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses a request the browser marks as cross-site', async () => {
    const res = await change('ru', { headers: { ...json, 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
  });
});
