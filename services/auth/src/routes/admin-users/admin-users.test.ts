import { auditRecorded, sessionResolve } from '@acg/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { type AuthHarness, startAuthHarness } from '../../test/harness';

const DEVELOPER = '1000000000000000042';
let h: AuthHarness;
let fanId: number;
let adminId: number;
let devId: number;
let helperId: number;

const levelOf = async (id: number) =>
  (await h.database.db.select({ l: users.adminLevel }).from(users).where(eq(users.id, id)))[0]?.l;

beforeAll(async () => {
  h = await startAuthHarness({ seedDemoUsers: true, env: { DEVELOPER_DISCORD_ID: DEVELOPER } });
  const rows = await h.database.db.select({ id: users.id, username: users.username }).from(users);
  fanId = rows.find((r) => r.username === 'sakura_fan')!.id;
  adminId = rows.find((r) => r.username === 'admin_hikari')!.id;
  const extra = await h.database.db
    .insert(users)
    .values([
      { discordId: DEVELOPER, username: 'The_Developer', adminLevel: 4 },
      { discordId: '2000000000000000001', username: 'Helper_Mio', adminLevel: 1, avatar: 'abc' },
      ...Array.from({ length: 30 }, (_, i) => ({
        discordId: `30000000000000${String(i).padStart(5, '0')}`,
        username: `bulk_user_${String(i).padStart(2, '0')}`,
      })),
    ])
    .returning({ id: users.id, username: users.username });
  devId = extra.find((r) => r.username === 'The_Developer')!.id;
  helperId = extra.find((r) => r.username === 'Helper_Mio')!.id;
});
afterAll(() => h?.close());

const asAdmin = () => h.identity({ userId: adminId, adminLevel: 3 });
const list = (query: Record<string, string>, headers = asAdmin()) =>
  h.inject({ method: 'GET', url: '/admin/users', query, headers });
const setLevel = (id: number | string, body: unknown, headers = asAdmin()) =>
  h.inject({ method: 'POST', url: `/admin/users/${id}/adminLevel`, payload: body as object, headers });

describe('GET /admin/users', () => {
  it('is for administrators only', async () => {
    expect((await list({}, {})).statusCode).toBe(401);
    expect((await list({}, h.identity({ userId: fanId, adminLevel: 2 }))).statusCode).toBe(403);
  });

  it('lists every user by id with the counts in headers, and pages additively', async () => {
    const all = await list({});
    expect(all.statusCode).toBe(200);
    const rows = all.json() as Array<{ id: number; developer: boolean }>;
    expect(rows).toHaveLength(34);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
    expect(rows.find((r) => r.id === devId)?.developer).toBe(true);
    expect(rows.find((r) => r.id === fanId)?.developer).toBe(false);
    expect(all.headers['x-total-count']).toBe('34');
    const page = await list({ limit: '10', offset: '30' });
    expect((page.json() as unknown[]).length).toBe(4);
    expect(page.headers['x-total-count']).toBe('34');
    expect(page.headers['x-users-total']).toBe('34');
  });

  it('searches trimmed and case-insensitively over name, Discord ID and id', async () => {
    const byName = await list({ q: '  HELPER_mio ' });
    expect((byName.json() as Array<{ id: number }>).map((r) => r.id)).toEqual([helperId]);
    const byDiscord = await list({ q: '2000000000000000001' });
    expect((byDiscord.json() as Array<{ id: number }>).map((r) => r.id)).toEqual([helperId]);
    const byId = (await list({ q: String(devId) })).json() as Array<{ id: number }>;
    expect(byId.map((r) => r.id)).toContain(devId);
    const wildcard = await list({ q: '%' });
    expect(wildcard.json()).toEqual([]);
    expect(wildcard.headers['x-total-count']).toBe('0');
    expect(wildcard.headers['x-users-total']).toBe('34');
  });

  it('filters by level and sorts by any column both ways', async () => {
    const helpers = (await list({ level: '1' })).json() as Array<{ id: number }>;
    expect(helpers.map((r) => r.id)).toEqual([helperId]);
    const byNameDesc = (await list({ sort: 'username', order: 'desc', limit: '2' })).json() as Array<{
      username: string;
    }>;
    expect(byNameDesc.map((r) => r.username)).toEqual(['The_Developer', 'sakura_fan']);
    const byLevel = (await list({ sort: 'adminLevel', order: 'desc', limit: '1' })).json() as Array<{
      id: number;
    }>;
    expect(byLevel[0]?.id).toBe(devId);
  });

  it('refuses malformed queries with a 400', async () => {
    const queries: Array<Record<string, string>> = [
      { level: '7' },
      { sort: 'email' },
      { limit: '0' },
      { limit: '101' },
      { offset: '-1' },
    ];
    for (const query of queries) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });
});

describe('GET /admin/users/:id', () => {
  it('answers one user, 404 for an unknown one, 400 for a bad id', async () => {
    const res = await h.inject({ method: 'GET', url: `/admin/users/${helperId}`, headers: asAdmin() });
    expect(res.json()).toEqual({
      id: helperId,
      discordId: '2000000000000000001',
      username: 'Helper_Mio',
      // No global name: shown by the username.
      displayName: 'Helper_Mio',
      avatar: 'abc',
      adminLevel: 1,
      developer: false,
    });
    expect(
      (await h.inject({ method: 'GET', url: '/admin/users/999999', headers: asAdmin() })).statusCode,
    ).toBe(404);
    expect((await h.inject({ method: 'GET', url: '/admin/users/abc', headers: asAdmin() })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /admin/users/:id/adminLevel', () => {
  it('changes the level, audits it, and the next session look-up shows it', async () => {
    const sessionId = await h.sessionStore().create({ userId: fanId, language: 'en' });
    const before = await h.bus.request(sessionResolve, { sessionId });
    expect(before.session?.adminLevel).toBe(0);

    const res = await setLevel(fanId, { adminLevel: 2 }, { ...asAdmin(), 'x-forwarded-for': '203.0.113.7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: fanId, adminLevel: 2 }, previous: 0 });
    expect(await levelOf(fanId)).toBe(2);

    const after = await h.bus.request(sessionResolve, { sessionId });
    expect(after.session?.adminLevel).toBe(2);

    const changed = await h.outboxEvents('user.level-changed');
    expect(changed.at(-1)?.data).toEqual({ id: fanId, adminLevel: 2, previous: 0, by: adminId });
    const audits = await h.outboxEvents(auditRecorded.type);
    const audit = audits.at(-1)?.data as Record<string, unknown>;
    expect(audit).toMatchObject({
      actorId: adminId,
      action: 'user.level-changed',
      category: 'users',
      targetType: 'user',
      targetId: String(fanId),
      before: { adminLevel: 0 },
      after: { adminLevel: 2 },
      ip: '203.0.113.7',
      service: 'auth',
    });
    expect(audit.description).toContain('sakura_fan');
    expect(audit.description).toContain('Модератор');
  });

  it('writes nothing when the level is already the one asked for', async () => {
    const count = (await h.outboxEvents(auditRecorded.type)).length;
    const res = await setLevel(fanId, { adminLevel: 2 });
    expect(res.statusCode).toBe(200);
    expect((await h.outboxEvents(auditRecorded.type)).length).toBe(count);
  });

  it('refuses bad input and forbidden changes with a 4xx and changes nothing', async () => {
    const audits = (await h.outboxEvents(auditRecorded.type)).length;
    const cases: Array<[number | string, unknown, Record<string, string>, number]> = [
      [helperId, { adminLevel: 4 }, asAdmin(), 400],
      [helperId, { adminLevel: 5 }, asAdmin(), 400],
      [helperId, { adminLevel: -1 }, asAdmin(), 400],
      [helperId, { adminLevel: 1.5 }, asAdmin(), 400],
      [helperId, { adminLevel: '2' }, asAdmin(), 400],
      [helperId, {}, asAdmin(), 400],
      ['abc', { adminLevel: 2 }, asAdmin(), 400],
      [999999, { adminLevel: 2 }, asAdmin(), 404],
      // The developer account, whatever the level asked.
      [devId, { adminLevel: 3 }, asAdmin(), 403],
      [devId, { adminLevel: 0 }, asAdmin(), 403],
      // One's own level.
      [adminId, { adminLevel: 2 }, asAdmin(), 403],
      // Not an administrator at all (the route rule).
      [helperId, { adminLevel: 0 }, h.identity({ userId: fanId, adminLevel: 2 }), 403],
      [helperId, { adminLevel: 0 }, {}, 401],
    ];
    for (const [target, body, headers, status] of cases) {
      const res = await setLevel(target, body, headers);
      expect(res.statusCode, `${target} ${JSON.stringify(body)}`).toBe(status);
      expect(res.json()).toHaveProperty('error');
    }
    expect(await levelOf(helperId)).toBe(1);
    expect(await levelOf(devId)).toBe(4);
    expect(await levelOf(adminId)).toBe(3);
    expect((await h.outboxEvents(auditRecorded.type)).length).toBe(audits);
  });

  it('judges the actor by their stored level, not a stale identity', async () => {
    // The helper's identity claims level 3, but the database says 1: refused, nothing changed.
    const res = await setLevel(fanId, { adminLevel: 0 }, h.identity({ userId: helperId, adminLevel: 3 }));
    expect(res.statusCode).toBe(403);
    expect(await levelOf(fanId)).toBe(2);
  });
});
