import { request as httpRequest } from 'node:http';
import { defineRpc, IDENTITY_HEADER } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryBus } from '../bus/memory';
import { AppError, NotFoundError, text } from '../errors';
import { signIdentity } from '../identity';
import { createLogger } from '../logger';
import { createHttpServer, type HttpServer } from './server';

/**
 * Every refusal a service's server gives is said in the caller's language (docs/rules.md, refusals):
 * Fastify's own (bad URL, bad JSON, content type, body size, 404, 405), the error classes' defaults, a
 * server text thrown by domain code, the 500, and a server text that crossed the bus.
 */
const SECRET = 'refusal-language-secret-0123456789abcdef';
const logger = createLogger('refusal-language-test', 'silent');
let app: HttpServer;
let base: string;

const as = (language: string) => ({
  [IDENTITY_HEADER]: signIdentity({ userId: 7, adminLevel: 0, language }, SECRET),
});
const russian = as('ru');

beforeAll(async () => {
  app = createHttpServer({ name: 'refusal-language-test', logger, internalSecret: SECRET });
  app.get('/things/:id', async () => ({}));
  app.post('/things', { bodyLimit: 64 * 1024 }, async (req) => ({ got: req.body }));
  app.get('/news/:id', async () => {
    throw new NotFoundError(text('admin.newsNotFound'));
  });
  app.get('/missing', async () => {
    throw new NotFoundError();
  });
  app.get('/broken', async () => {
    throw new Error('a bug');
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app?.close());

/** A raw request (fetch would refuse the bad percent-encoding). */
function raw(path: string, headers: Record<string, string>) {
  const { port } = new URL(base);
  return new Promise<{ status: number; body: { error: string; code: string } }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(body) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const post = (body: string, contentType: string, headers = russian) =>
  app.inject({ method: 'POST', url: '/things', headers: { ...headers, 'content-type': contentType }, body });

describe('refusals of a service, to a Russian caller', () => {
  it('a path that is not valid percent-encoding', async () => {
    const res = await raw('/things/%zz', russian);
    expect(res).toEqual({
      status: 400,
      body: expect.objectContaining({
        error: 'Адрес запроса закодирован неверно (ошибка в %-кодировании)',
        code: 'bad_url',
      }),
    });
    // Without an identity, English.
    expect((await raw('/things/%zz', {})).body.error).toBe('The URL is not valid percent-encoding');
  });

  it('a body that is not JSON, a content type not taken, a body over the route’s limit', async () => {
    const bad = await post('{x', 'application/json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Тело запроса — некорректный JSON', code: 'invalid_json' });
    const weird = await post('x', 'text/weird');
    expect(weird.statusCode).toBe(415);
    expect(weird.json()).toMatchObject({
      error: 'Этот тип содержимого здесь не принимается: отправьте JSON',
      code: 'unsupported_media_type',
    });
    const big = await post(JSON.stringify({ a: 'x'.repeat(70_000) }), 'application/json');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      error: 'Тело запроса больше, чем принимает этот адрес: не больше 64 КБ (65536 байт)',
      code: 'payload_too_large',
    });
    expect((await post('{x', 'application/json', as('en'))).json().error).toBe('The body is not valid JSON');
  });

  it('a method the path does not have, and a path there is not', async () => {
    const wrong = await app.inject({ method: 'PUT', url: '/things/5', headers: russian });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.json()).toMatchObject({ error: 'Этот метод здесь не поддерживается' });
    const none = await app.inject({ method: 'GET', url: '/nothing/here', headers: russian });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: 'Не найдено', code: 'not_found' });
  });

  it('a server text thrown by a route, an error class’s own text, and a 500', async () => {
    const news = await app.inject({ method: 'GET', url: '/news/3', headers: russian });
    expect(news.json()).toMatchObject({ error: 'Новость не найдена', code: 'not_found' });
    const english = await app.inject({ method: 'GET', url: '/news/3', headers: as('en') });
    expect(english.json().error).toBe('News item not found');
    const missing = await app.inject({ method: 'GET', url: '/missing', headers: russian });
    expect(missing.json().error).toBe('Не найдено');
    const broken = await app.inject({ method: 'GET', url: '/broken', headers: russian });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toMatchObject({ error: 'Внутренняя ошибка сервера', code: 'internal_error' });
  });
});

describe('a server text over the bus', () => {
  it('reaches the caller as a server text, said in its caller’s language', async () => {
    const bus = createMemoryBus({ logger });
    const lookup = defineRpc('test.refusal-language', z.object({ id: z.number() }), z.object({}));
    bus.serve(lookup, async ({ id }) => {
      throw new NotFoundError(text('admin.unknownSetting', { key: `k${id}` }));
    });
    const thrown = await bus.request(lookup, { id: 4 }).catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).messageIn('ru')).toBe('Неизвестная настройка: k4');
    expect((thrown as AppError).message).toBe('Unknown setting: k4');
    await bus.drain();
  });
});
