import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DistributedSystem, startDistributed } from './distributed';
import { demoCounts } from './testing/demo-counts';
import { isolated, signIn } from './testing/sign-in';

/**
 * System test of the distributed runner: every service its own process against the real
 * PostgreSQL, Redis and NATS on localhost (this file runs only in the infrastructure pass).
 */
let db: TestDatabase;
let system: DistributedSystem;
let cookie: string;

beforeAll(async () => {
  db = await createTestDatabase();
  system = await startDistributed({
    env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn', ...isolated() },
    portOffset: 300,
    output: 'ignore',
  });
  cookie = await signIn(system.url, 'sakura_fan');
}, 120_000);
afterAll(async () => {
  await system?.close();
  await db?.drop();
}, 60_000);

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${system.url}${path}`, { headers: { accept: 'application/json', ...headers } });

describe('distributed runner', () => {
  it('serves the home counters and the signed-in user through the gateway', async () => {
    const stats = await get('/api/stats');
    expect(stats.status).toBe(200);
    expect(await stats.json()).toEqual({
      users: demoCounts.users,
      anime: demoCounts.anime,
      cards: demoCounts.cards,
    });
    const users = await get('/api/users', { cookie });
    expect(users.status).toBe(200);
    expect((await users.json()).map((u: { username: string }) => u.username)).toContain('sakura_fan');
  });

  it('answers a JSON 503 within a second while auth is down, keeps other routes up, and recovers', async () => {
    await system.kill('auth');
    const started = performance.now();
    const users = await get('/api/users', { cookie });
    const elapsed = performance.now() - started;
    expect(users.status).toBe(503);
    expect(users.headers.get('content-type')).toContain('application/json');
    expect(await users.json()).toMatchObject({ code: 'service_unavailable' });
    expect(elapsed).toBeLessThan(1000);

    // Catalogue and the pages keep working (stats falls back to the last known users count).
    expect((await get('/api/stats')).status).toBe(200);
    const page = await fetch(`${system.url}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);

    await system.restart('auth');
    const again = await get('/api/users', { cookie });
    expect(again.status).toBe(200);
  }, 90_000);
});
