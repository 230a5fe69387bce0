import { userLevelChanged } from '@acg/contracts';
import { createLogger, createMemoryBus, makeEvent } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, session, sessionCookie, startHarness } from './testing/harness';

/**
 * A level change made through another gateway replica (rules §30): this replica hears
 * user.level-changed on the bus and drops the member's cached sessions, so their next request
 * here carries the new level although its cache would have kept the old one for a minute.
 */
const bus = createMemoryBus({ logger: createLogger('level-change-test', 'silent') });
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { SESSION_CACHE_TTL_MS: '60000' }, bus });
});
afterAll(async () => {
  await h?.close();
  await bus.drain();
});

describe('a level change on another replica', () => {
  it('reaches this replica: the cached session is dropped and the next request has the new level', async () => {
    const cookie = sessionCookie('session-of-a-rising-fan');
    const json = { accept: 'application/json', cookie };
    h.sessions.set('session-of-a-rising-fan', session(41, 0));
    expect((await h.request('/admin/cards', { headers: json })).status).toBe(403);
    // auth now says level 3, but this replica remembers the session for a minute…
    h.sessions.set('session-of-a-rising-fan', session(41, 3));
    expect((await h.request('/admin/cards', { headers: json })).status).toBe(403);
    // …until the change is heard on the bus.
    await bus.publish(makeEvent(userLevelChanged, { id: 41, adminLevel: 3, previous: 0, by: 1 }));
    await expect.poll(async () => (await h.request('/admin/cards', { headers: json })).status).toBe(200);
  });

  it('leaves other members’ cached sessions alone', async () => {
    h.sessions.set('session-of-a-bystander', session(42, 0));
    const headers = { accept: 'application/json', cookie: sessionCookie('session-of-a-bystander') };
    expect((await h.request('/admin/cards', { headers })).status).toBe(403);
    const before = h.sessionLookups();
    await bus.publish(makeEvent(userLevelChanged, { id: 41, adminLevel: 0, previous: 3, by: 1 }));
    expect((await h.request('/admin/cards', { headers })).status).toBe(403);
    expect(h.sessionLookups()).toBe(before);
  });
});
