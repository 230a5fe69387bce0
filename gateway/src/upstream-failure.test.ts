import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sameOriginJson, startHarness } from './testing/harness';

/** Accepts connections and never answers: an upstream that is alive but stuck. */
async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('an upstream that is down or stuck', () => {
  let h: Harness;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  beforeAll(async () => {
    silent = await startSilentServer();
    h = await startHarness({
      upstreams: ['auth', 'catalogue'],
      services: ['auth', 'catalogue', 'trades'],
      env: { UPSTREAM_TRADES_URL: silent.url, UPSTREAM_TIMEOUT_MS: '300' },
    });
  });
  afterAll(async () => {
    await h.close();
    await silent.close();
  });

  it('answers JSON 503 within a second once a service stops, while other routes keep working', async () => {
    // A kept-alive connection to the catalogue exists before it stops.
    expect((await h.request('/api/stats')).status).toBe(200);
    await h.upstreams.get('catalogue')!.close();

    h.sessions.set('session-of-admin-five', { userId: 6, adminLevel: 3, username: 'u6', language: 'en' });
    const headers = sameOriginJson({ cookie: 'sid=session-of-admin-five' });
    for (const call of [
      { path: '/api/stats' },
      { path: '/admin/cards', method: 'POST', body: '{"name":"x"}' },
    ]) {
      const started = performance.now();
      const res = await h.request(call.path, { method: call.method ?? 'GET', headers, body: call.body });
      const elapsed = performance.now() - started;
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        error: 'Service unavailable',
        code: 'service_unavailable',
        details: { service: 'catalogue' },
      });
      expect(elapsed).toBeLessThan(1000);
    }

    const auth = await h.request('/api/me');
    expect(auth.status).toBe(200);
    expect(await auth.json()).toMatchObject({ service: 'auth' });
  });

  it('answers 504 when a service accepts the request but does not answer in time', async () => {
    // trades is forwarded to a server that never answers; UPSTREAM_TIMEOUT_MS is 300 here.
    h.sessions.set('session-waiting-trade', { userId: 5, adminLevel: 0, username: 'u5', language: 'en' });
    const started = performance.now();
    const res = await h.request('/trade/api/my?status=pending', {
      headers: { cookie: 'sid=session-waiting-trade', accept: 'application/json' },
    });
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ code: 'upstream_timeout', details: { service: 'trades' } });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
