import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from './testing/harness';

/**
 * The gateway's graceful stop (rules §39): its internal /readyz fails first while the public
 * port keeps serving (answers close their connection); at close a request already forwarded to a
 * service gets its answer, not a 503 from a pool destroyed under it.
 */
let h: Harness | undefined;
let slow: { server: Server; url: string; release(): void; entered: Promise<void> } | undefined;
afterEach(async () => {
  slow?.release();
  await h?.close().catch(() => undefined);
  h = undefined;
  if (slow) {
    slow.server.closeAllConnections();
    await new Promise((r) => slow!.server.close(r));
    slow = undefined;
  }
});

/** A catalogue that answers /api/stats only when released. */
async function startSlowCatalogue() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived = () => {};
  const entered = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = createServer((_req, res) => {
    arrived();
    void released.then(() => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ service: 'catalogue', late: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}`, release, entered };
}

const get = (url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false, headers: { accept: 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('the gateway stopping', () => {
  it('fails readiness, keeps serving, and lets a forwarded request finish at close', async () => {
    slow = await startSlowCatalogue();
    const gateway = await startHarness({ upstreams: ['auth'], env: { UPSTREAM_CATALOGUE_URL: slow.url } });
    h = gateway;
    const internal = h.gateway.internalUrl!;
    expect((await get(`${internal}/readyz`)).status).toBe(200);

    const inFlight = get(`${h.url}/api/stats`);
    await slow.entered;
    h.gateway.beginDrain!();
    expect((await get(`${internal}/readyz`)).status).toBe(503);
    const during = await get(`${h.url}/api/me`);
    expect(during.status).toBe(200);
    expect(during.headers.connection).toBe('close');

    const closing = h.gateway.close();
    // Closing: new connections are refused while the forwarded request is still held upstream.
    await vi.waitFor(() =>
      expect(get(`${gateway.url}/api/me`)).rejects.toMatchObject({ code: 'ECONNREFUSED' }),
    );
    slow.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ late: true });
    await closing;
  });
});
