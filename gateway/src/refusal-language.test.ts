import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionEviction } from './identity/session-eviction';
import type { SessionResolver } from './identity/session-resolver';
import { type Harness, sameOriginJson, session, sessionCookie, startHarness } from './testing/harness';

/**
 * The gateway's own refusals are said in the visitor's language (docs/rules.md, refusals): their session's
 * when auth answered for it lately, else their browser's; a refusal never asks auth itself.
 */
let h: Harness;
const RUSSIAN = 'session-of-a-russian-001';
const RUSSIAN_MEMBER = 'session-of-a-russian-002';
const russian = { cookie: sessionCookie(RUSSIAN) };

beforeAll(async () => {
  h = await startHarness({ upstreams: ['auth', 'catalogue', 'trades'] });
  h.sessions.set(RUSSIAN, session(5, 3, 'ru'));
  h.sessions.set(RUSSIAN_MEMBER, session(6, 0, 'ru'));
  // A page view first: auth has answered for the session.
  expect((await h.request('/api/stats', { headers: russian })).status).toBe(200);
});
afterAll(() => h.close());

const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

/** A raw GET (fetch would not send a path that is not valid percent-encoding). */
function rawGet(path: string, headers: Record<string, string>) {
  const { port } = new URL(h.url);
  return new Promise<{ status: number; error: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode!, error: JSON.parse(body).error }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the gateway’s refusals, to a visitor whose session is Russian', () => {
  it('a state change that is not JSON (CSRF)', async () => {
    const res = await h.request('/trade/api', {
      method: 'POST',
      headers: { ...russian, origin: 'http://localhost:3000', 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe(
      'Запросы, которые что-то меняют, должны отправлять JSON (или multipart для загрузки файлов)',
    );
  });

  it('a method the route table does not list, at the API edge', async () => {
    const res = await h.request('/api/stats', { method: 'PATCH', headers: sameOriginJson(russian) });
    expect(res.status).toBe(405);
    expect(await errorOf(res)).toBe('Этот метод здесь не поддерживается');
  });

  it('a path that is not valid percent-encoding, and a path there is not', async () => {
    expect(await rawGet('/api/users/%', { ...russian, accept: 'application/json' })).toEqual({
      status: 400,
      error: 'Адрес запроса закодирован неверно (ошибка в %-кодировании)',
    });
    const none = await h.request('/api/no-such-thing', {
      headers: { ...russian, accept: 'application/json' },
    });
    expect(none.status).toBe(404);
    expect(await errorOf(none)).toBe('Не найдено');
  });

  it('a body over the route’s limit, naming the limit', async () => {
    const res = await h.request('/trade/api', {
      method: 'POST',
      headers: sameOriginJson(russian),
      body: JSON.stringify({ pad: 'x'.repeat(80 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatch(/^Тело запроса больше, чем принимает этот адрес: не больше \d+ КБ/);
  });

  it('an administrator route for a member', async () => {
    const res = await h.request('/admin/cards', {
      headers: { cookie: sessionCookie(RUSSIAN_MEMBER), accept: 'application/json' },
    });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe('Нужны права администратора');
  });
});

describe('a session the gateway does not remember', () => {
  it('a method the route table does not list waits for the visitor (after the rate limits)', async () => {
    h.sessions.set('session-of-a-russian-003', session(7, 0, 'ru'));
    const before = h.sessionLookups();
    const res = await h.request('/api/stats', {
      method: 'PATCH',
      headers: sameOriginJson({ cookie: sessionCookie('session-of-a-russian-003') }),
    });
    expect(await errorOf(res)).toBe('Этот метод здесь не поддерживается');
    expect(h.sessionLookups()).toBe(before + 1);
  });

  it('a refused language change leaves the session remembered; a made one forgets it', () => {
    const forgotten: string[] = [];
    const resolver = { forget: (id: string) => forgotten.push(id) } as unknown as SessionResolver;
    const evict = createSessionEviction(resolver, 'sid', { closeSession: () => {} });
    const answered = (status: number) => ({
      method: 'POST',
      headers: russian,
      route: '/change-language/:lang',
      params: { lang: 'xx' },
      status,
    });
    evict(answered(400));
    expect(forgotten).toEqual([]);
    evict(answered(200));
    expect(forgotten).toEqual([RUSSIAN]);
  });
});

describe('before auth has answered for a session', () => {
  it('the browser’s language, without asking auth', async () => {
    const before = h.sessionLookups();
    const post = (headers: Record<string, string>) =>
      h.request('/trade/api', {
        method: 'POST',
        headers: {
          cookie: sessionCookie('session-never-seen-0001'),
          'content-type': 'text/plain',
          ...headers,
        },
        body: 'x',
      });
    expect(await errorOf(await post({ 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' }))).toBe(
      'Запрос с другого сайта отклонён',
    );
    expect(await errorOf(await post({}))).toBe('Cross-site request refused');
    expect(h.sessionLookups()).toBe(before);
  });
});
