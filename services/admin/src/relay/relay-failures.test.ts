import { relayRunListSchema } from '@acg/contracts';
import { DEMO_GROUP_ID, FAKE_VK_TOKEN, type FakeVk, startFakeVk } from '@acg/fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayPosts } from '../db/schema';
import { type AdminHarness, asAdmin, startAdminHarness, waitFor } from '../test/harness';

/**
 * The relay's failure paths against the fake VK, with Discord unreachable (a closed port): what
 * a run records, how claims of failed posts are retried, the lock, and the schedule. The
 * successful path against the fake Discord is in relay.test.ts.
 */
let vk: FakeVk;
let h: AdminHarness;
beforeAll(async () => {
  vk = await startFakeVk();
  h = await startAdminHarness({
    VK_API_BASE_URL: vk.url,
    DISCORD_API_BASE_URL: 'http://127.0.0.1:1/api/v10',
    DISCORD_BOT_TOKEN: 'unused-bot-token',
    RELAY_RETRIES: '2',
    RELAY_BACKOFF_MS: '10',
  });
  h.secrets.add(FAKE_VK_TOKEN);
});
afterAll(async () => {
  try {
    expect(h.leaks).toEqual([]);
  } finally {
    await h?.close();
    await vk?.close();
  }
});

const runNow = async () => {
  const res = await h.fetch('/api/admin/vk/run', { method: 'POST', headers: asAdmin() });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; posted: number; skipped: number; errors: string[] };
};
const save = (key: string, value: unknown) => h.json('/api/admin/config', 'POST', { key, value });

describe('the relay when things go wrong', () => {
  it('records what is missing when it is not configured', async () => {
    const run = await runNow();
    expect(run).toMatchObject({ posted: 0, skipped: 0 });
    expect(run.errors).toEqual([
      'vk.token is not set',
      'vk.discordChannelId is not set',
      'vk.groups is empty',
    ]);
  });

  it('records a bad VK token (error 5) against its group and goes on with the others', async () => {
    await save('vk.token', 'vk1.a.wrong-token-000000');
    await save('vk.discordChannelId', '900000000000000001');
    await save('vk.groups', [
      { id: String(DEMO_GROUP_ID), name: 'Аниме карточки' },
      { id: '-1', name: 'closed wall' },
    ]);
    const run = await runNow();
    expect(run.errors).toEqual([
      `group ${DEMO_GROUP_ID}: VK error 5: User authorization failed: invalid access_token (4).`,
      'group -1: VK error 5: User authorization failed: invalid access_token (4).',
    ]);
  });

  it('retries VK rate limits (error 6), then marks posts Discord never got as failed and retries them up to 3 times', async () => {
    await save('vk.token', FAKE_VK_TOKEN);
    await save('vk.groups', [{ id: String(DEMO_GROUP_ID), name: 'Аниме карточки' }]);
    vk.rateLimitNext(2);
    const before = vk.requests.length;
    const first = await runNow();
    // Two answers of error 6, then the wall: three calls, no error recorded for VK.
    expect(vk.requests.length - before).toBe(3);
    expect(first.errors.some((e) => e.startsWith('group'))).toBe(false);
    // The demo wall: two posts within 30 minutes, three older (one pinned).
    expect(first).toMatchObject({ posted: 0, skipped: 3 });
    expect(first.errors).toHaveLength(2);
    expect(first.errors[0]).toMatch(/^post -203998877_119: Discord did not answer/);
    const claims = await h.database.db.select().from(relayPosts);
    expect(claims.map((c) => [c.postId, c.state, c.attempts]).sort()).toEqual([
      [119, 'failed', 1],
      [120, 'failed', 1],
    ]);
    await runNow();
    const third = await runNow();
    expect(third.errors).toHaveLength(2);
    const fourth = await runNow();
    // Three attempts spent: skipped now, never posted twice.
    expect(fourth).toMatchObject({ posted: 0, skipped: 5, errors: [] });
    const [claim] = await h.database.db
      .select()
      .from(relayPosts)
      .where(and(eq(relayPosts.ownerId, String(DEMO_GROUP_ID)), eq(relayPosts.postId, 120)));
    expect(claim).toMatchObject({ state: 'failed', attempts: 3 });
  });

  it('runs once at a time: while another holds the lock, a run is refused (409)', async () => {
    const client = await h.database.pool.connect();
    try {
      await client.query(`select pg_advisory_lock(hashtext('acg:admin:vk-relay'))`);
      const res = await h.fetch('/api/admin/vk/run', { method: 'POST', headers: asAdmin() });
      expect(res.status).toBe(409);
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('acg:admin:vk-relay'))`);
      client.release();
    }
  });

  it('lists its runs, newest first, for the settings screen', async () => {
    const runs = relayRunListSchema.parse(
      await (await h.fetch('/api/admin/vk/runs', { headers: asAdmin() })).json(),
    );
    expect(runs.length).toBeGreaterThanOrEqual(6);
    expect(runs[0]!.id).toBeGreaterThan(runs[1]!.id);
    expect(runs.every((r) => r.trigger === 'manual' && r.finishedAt !== null)).toBe(true);
  });
});

describe('the schedule', () => {
  it('follows vk.schedule: a save reschedules at once', async () => {
    const scheduled = await startAdminHarness({ VK_API_BASE_URL: vk.url, RELAY_ENABLED: 'true' });
    try {
      const runs = async () =>
        relayRunListSchema.parse(
          await (await scheduled.fetch('/api/admin/vk/runs', { headers: asAdmin() })).json(),
        );
      // Default: every 30 minutes, so nothing ran yet.
      expect(await runs()).toEqual([]);
      const res = await scheduled.json('/api/admin/config', 'POST', {
        key: 'vk.schedule',
        value: '*/1 * * * * *',
      });
      expect(res.status).toBe(200);
      await waitFor(
        async () => (await runs()).filter((r) => r.trigger === 'schedule').length >= 2,
        'two scheduled runs',
        8000,
      );
    } finally {
      await scheduled.close();
    }
  });
});
