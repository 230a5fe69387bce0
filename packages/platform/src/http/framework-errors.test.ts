import { request as httpRequest } from 'node:http';
import { IDENTITY_HEADER } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signIdentity } from '../identity';
import { createLogger } from '../logger';
import { createHttpServer, type HttpServer } from './server';

/**
 * What a service's server answers before (or instead of) its routes: every answer in the one
 * error shape with a request id, and a 405 naming the methods a known path has.
 */
let app: HttpServer;
let base: string;

beforeAll(async () => {
  app = createHttpServer({
    name: 'edges-test',
    logger: createLogger('edges-test', 'silent'),
    fixedHeaders: { 'x-fixed': 'yes' },
  });
  app.get('/things/:id', { schema: { params: z.object({ id: z.coerce.number().int() }) } }, async () => ({}));
  app.post('/things', async (req) => ({ got: req.body }));
  app.delete('/things/:id', async () => ({}));
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app?.close());

function raw(path: string, headers: Record<string, string> = {}) {
  const { port } = new URL(base);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('framework errors', () => {
  it('a path that is not valid percent-encoding is a 400 bad_url with a request id and the fixed headers', async () => {
    const res = await raw('/things/%zz');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: expect.any(String),
      code: 'bad_url',
      requestId: res.headers['x-request-id'],
    });
    expect(res.headers['x-fixed']).toBe('yes');
  });

  it('headers over the limit are a 431 header_too_large in the same shape', async () => {
    const res = await raw('/things/1', { 'x-big': 'a'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(res.body).toEqual({
      error: expect.any(String),
      code: 'header_too_large',
      requestId: res.headers['x-request-id'],
    });
    expect(res.headers['x-fixed']).toBe('yes');
  });

  it('malformed JSON is 400 invalid_json and an unknown media type 415 unsupported_media_type', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      body: '{x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_json', requestId: bad.headers['x-request-id'] });
    const weird = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'text/weird' },
      body: 'x',
    });
    expect(weird.statusCode).toBe(415);
    expect(weird.json()).toMatchObject({
      code: 'unsupported_media_type',
      requestId: weird.headers['x-request-id'],
    });
  });

  it('a body over the limit is 413 payload_too_large', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
  });
});

describe('methods', () => {
  it('a known path with a method it does not have is 405 with Allow', async () => {
    const res = await app.inject({ method: 'PUT', url: '/things/5' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, DELETE');
    expect(res.json()).toMatchObject({ code: 'method_not_allowed' });
    const list = await app.inject({ method: 'GET', url: '/things' });
    expect(list.statusCode).toBe(405);
    expect(list.headers.allow).toBe('POST');
  });

  it('an unknown path is still 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('a request its schema refuses', () => {
  it('is a 400 saying so in the caller’s language and naming the fields', async () => {
    const secret = 'framework-errors-secret-0123456789abcdef';
    const checked = createHttpServer({
      name: 'validation-test',
      logger: createLogger('validation-test', 'silent'),
      internalSecret: secret,
    });
    checked.get(
      '/pages',
      { schema: { querystring: z.object({ page: z.coerce.number().int(), size: z.coerce.number().int() }) } },
      async () => ({}),
    );
    const url = await checked.listen({ host: '127.0.0.1', port: 0 });
    try {
      const as = (language: string) => ({
        [IDENTITY_HEADER]: signIdentity({ userId: 7, adminLevel: 0, language }, secret),
      });
      const ru = await fetch(`${url}/pages?page=x&size=y`, { headers: as('ru') });
      expect(ru.status).toBe(400);
      expect(await ru.json()).toMatchObject({
        error: 'Некорректный запрос: page, size',
        code: 'validation_failed',
      });
      const en = await fetch(`${url}/pages?page=1&size=y`, { headers: as('pt-BR') });
      expect(await en.json()).toMatchObject({ error: 'Invalid request: size', code: 'validation_failed' });
      // No identity (signed out, or a call between services) reads English.
      expect((await (await fetch(`${url}/pages?page=1&size=y`)).json()).error).toBe('Invalid request: size');
    } finally {
      await checked.close();
    }
  });
});
