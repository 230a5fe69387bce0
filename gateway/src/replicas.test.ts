import { createServer, type Server } from 'node:http';
import { beginDrain } from '@acg/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FailureLog } from './routing/upstreams';
import {
  type EchoUpstream,
  type Harness,
  sameOriginJson,
  session,
  startEchoUpstream,
  startHarness,
} from './testing/harness';

/**
 * Several replicas of one service (UPSTREAM_<SERVICE>_URL with comma-separated URLs) and the
 * gateway's answers to a replica that goes away (rules §39).
 */
let h: Harness | undefined;
const extra: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const e of extra.splice(0)) await e.close();
});

async function twoCatalogues(env: Record<string, string> = {}) {
  const a = await startEchoUpstream('catalogue');
  const b = await startEchoUpstream('catalogue');
  extra.push(a, b);
  h = await startHarness({
    upstreams: ['auth'],
    env: { UPSTREAM_CATALOGUE_URL: `${a.url}, ${b.url}`, ...env },
  });
  return { a, b, h };
}

const closeQuietly = async (upstream: EchoUpstream) => {
  await upstream.close();
};

/** An HTTP server that resets the connection of its first `resets` requests, then answers 200. */
async function startFlakyServer(
  resets: number,
): Promise<{ url: string; seen: () => number; close(): Promise<void> }> {
  let seen = 0;
  const server: Server = createServer((req, res) => {
    seen++;
    if (seen <= resets) {
      req.socket.destroy();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ service: 'catalogue', flaky: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    seen: () => seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('replicas of a service', () => {
  it('takes the replicas in turn', async () => {
    const { a, b, h } = await twoCatalogues();
    for (let i = 0; i < 10; i++) expect((await h.request('/api/stats')).status).toBe(200);
    expect(a.hits.length).toBe(5);
    expect(b.hits.length).toBe(5);
  });

  it('sends any method to the other replica when one refuses the connection (nothing was sent)', async () => {
    const { a, b, h } = await twoCatalogues({ UPSTREAM_HEALTH_INTERVAL_MS: '0' });
    h.sessions.set('session-of-an-admin-01', session(7, 3));
    await closeQuietly(a);
    for (let i = 0; i < 6; i++) {
      const res = await h.request('/admin/cards', {
        method: 'POST',
        headers: sameOriginJson({ cookie: 'sid=session-of-an-admin-01' }),
        body: '{"name":"x"}',
      });
      expect(res.status).toBe(200);
    }
    expect(b.hits.filter((e) => e.method === 'POST')).toHaveLength(6);
    expect(b.hits.every((e) => e.bodyBytes === 12)).toBe(true);
  });

  it('stops sending to a replica whose /readyz fails (draining) before it stops accepting', async () => {
    const { a, b, h } = await twoCatalogues({ UPSTREAM_HEALTH_INTERVAL_MS: '50' });
    beginDrain(a.app);
    // Once a health check has seen the 503, requests go to b only (two in a row: in turn, one of
    // them would reach a).
    await vi.waitFor(async () => {
      const seen = a.hits.length;
      await h.request('/api/stats');
      await h.request('/api/stats');
      expect(a.hits.length).toBe(seen);
    });
    const before = a.hits.length;
    for (let i = 0; i < 8; i++) expect((await h.request('/api/stats')).status).toBe(200);
    expect(a.hits.length).toBe(before);
    expect(b.hits.length).toBeGreaterThanOrEqual(8);
  });

  it('answers 503 when every replica refuses', async () => {
    const { a, b, h } = await twoCatalogues({ UPSTREAM_HEALTH_INTERVAL_MS: '0' });
    await closeQuietly(a);
    await closeQuietly(b);
    const res = await h.request('/api/stats');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      code: 'service_unavailable',
      details: { service: 'catalogue' },
    });
  });
});

describe('a connection reset under a request', () => {
  it('sends a read once more', async () => {
    const flaky = await startFlakyServer(1);
    extra.push(flaky);
    h = await startHarness({ upstreams: ['auth'], env: { UPSTREAM_CATALOGUE_URL: flaky.url } });
    const res = await h.request('/api/stats');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ flaky: true });
    expect(flaky.seen()).toBe(2);
  });

  it('sends a read only once more: a second reset is a 503', async () => {
    const flaky = await startFlakyServer(2);
    extra.push(flaky);
    h = await startHarness({ upstreams: ['auth'], env: { UPSTREAM_CATALOGUE_URL: flaky.url } });
    expect((await h.request('/api/stats')).status).toBe(503);
    expect(flaky.seen()).toBe(2);
  });

  it('never sends a write twice', async () => {
    const flaky = await startFlakyServer(1);
    extra.push(flaky);
    h = await startHarness({ upstreams: ['auth'], env: { UPSTREAM_CATALOGUE_URL: flaky.url } });
    h.sessions.set('session-of-an-admin-01', session(7, 3));
    const res = await h.request('/admin/cards', {
      method: 'POST',
      headers: sameOriginJson({ cookie: 'sid=session-of-an-admin-01' }),
      body: '{}',
    });
    expect(res.status).toBe(503);
    expect(flaky.seen()).toBe(1);
  });
});

describe('the failing-upstream log', () => {
  it('says each failing upstream at most once a second, with the count it kept quiet', async () => {
    vi.useFakeTimers();
    const lines: Array<Record<string, unknown>> = [];
    const log = new FailureLog({ warn: ((obj: Record<string, unknown>) => lines.push(obj)) as never }, 200);
    for (let i = 0; i < 50; i++) log.report('catalogue', 'http://a', new Error('refused'));
    log.report('catalogue', 'http://b', new Error('refused'));
    expect(lines.map((l) => l.upstream)).toEqual(['http://a', 'http://b']);
    vi.advanceTimersByTime(250);
    log.report('catalogue', 'http://a', new Error('refused'));
    vi.useRealTimers();
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatchObject({ upstream: 'http://a', suppressed: 49 });
  });
});
