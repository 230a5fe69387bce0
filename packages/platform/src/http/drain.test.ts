import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { beginDrain, createHttpServer, drainAndClose, type HttpServer } from './server';

/**
 * The kit's graceful stop (rules §39): readiness fails first while requests are still served
 * (each answer closing its connection); then the server stops accepting, lets the request in
 * flight finish, and only cuts what is still running after the drain period.
 */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const get = (url: string, agent?: Agent): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: agent ?? false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

let app: HttpServer | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function startSlowServer() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered = () => {};
  const slowEntered = new Promise<void>((resolve) => {
    entered = resolve;
  });
  app = createHttpServer({ name: 'drain-test', logger: createLogger('drain-test', 'silent') });
  app.get('/slow', async () => {
    entered();
    await released;
    return { slow: 'done' };
  });
  app.get('/fast', async () => ({ fast: true }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { server: app, url, release, slowEntered };
}

describe('draining a server', () => {
  it('fails readiness while serving, then finishes the request in flight and refuses new connections', async () => {
    const { server, url, release, slowEntered } = await startSlowServer();
    const keepAlive = new Agent({ keepAlive: true });
    expect((await get(`${url}/readyz`)).status).toBe(200);
    const before = await get(`${url}/fast`, keepAlive);
    expect(before.headers.connection).toBe('keep-alive');

    const slow = get(`${url}/slow`);
    await slowEntered;
    beginDrain(server);
    // Grace period: not ready, still serving; every answer closes its connection.
    const readyz = await get(`${url}/readyz`);
    expect(readyz.status).toBe(503);
    expect(JSON.parse(readyz.body)).toMatchObject({ status: 'draining' });
    const during = await get(`${url}/fast`, keepAlive);
    expect(during.status).toBe(200);
    expect(during.headers.connection).toBe('close');

    const closing = drainAndClose(server, 5000);
    // No longer accepting: a new connection is refused (nothing was sent, a client may go elsewhere).
    await vi.waitFor(() => expect(get(`${url}/fast`)).rejects.toMatchObject({ code: 'ECONNREFUSED' }));
    let closed = false;
    void closing.then(() => {
      closed = true;
    });
    // Still waiting for the slow request: the close cannot finish before it is released.
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);

    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ slow: 'done' });
    expect(answer.headers.connection).toBe('close');
    await closing;
    keepAlive.destroy();
  });

  it('cuts a request still running after the drain period', async () => {
    const { server, url, release, slowEntered } = await startSlowServer();
    const slow = get(`${url}/slow`).then(
      () => 'answered',
      (err: NodeJS.ErrnoException) => err.code,
    );
    await slowEntered;
    const started = performance.now();
    await drainAndClose(server, 300);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
    expect(await slow).toBe('ECONNRESET');
    release();
  });
});
