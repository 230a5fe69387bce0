import { auditRecorded, logListSchema, logStatsSchema } from '@acg/contracts';
import { makeEvent } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminHarness,
  asAdmin,
  asUser,
  record,
  startAdminHarness,
  user,
  waitFor,
} from '../../test/harness';

let h: AdminHarness;
const now = Date.now();
const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString();

beforeAll(async () => {
  h = await startAdminHarness();
  await h.announceUsers(
    user(1, 'Aiko', { discordId: '111111111111111111', adminLevel: 3 }),
    user(2, 'Борис'),
  );
  // Events carry their own time: the log dates each row by when the change happened.
  const at = async (iso: string, over: Parameters<typeof record>[0]) => {
    const e = makeEvent(auditRecorded, record(over));
    await h.bus.publish({ ...e, occurredAt: iso });
  };
  await at(daysAgo(0), { action: 'card.deleted', category: 'cards', actorId: 1 });
  await at(daysAgo(2), {
    action: 'card.deleted',
    category: 'cards',
    actorId: 2,
    description: 'Удалена карточка',
  });
  await at(daysAgo(10), { action: 'user.level-changed', category: 'users', actorId: 1 });
  await at(daysAgo(40), {
    action: 'trade.cleanup',
    category: 'system',
    actorId: null,
    ip: null,
    service: 'trades',
  });
  await at(daysAgo(1), {
    action: 'news.created',
    category: 'other',
    actorId: 99,
    description: '=HYPERLINK("http://evil")',
    // Descriptions are written anew in the reader's language: a hostile stored value reaches the
    // export through another cell.
    ip: '=HYPERLINK("http://evil")',
  });
  await waitFor(async () => (await h.auditCount()) === 5, 'five rows');
});
afterAll(() => h?.close());

const list = async (query: string, headers = asAdmin()) => {
  const res = await h.fetch(`/admin/logs${query}`, { headers });
  expect(res.status, query).toBe(200);
  return logListSchema.parse(await res.json());
};

describe('the audit consumer', () => {
  it('records each event once, even when it is delivered twice', async () => {
    const e = makeEvent(auditRecorded, record({ action: 'dup.test' }));
    await h.bus.publish(e);
    // The copy is settled when publish returns: the stream refuses an id it already holds (as
    // JetStream's duplicate window does), so nothing of it can still be on its way.
    await h.bus.publish(e);
    await waitFor(async () => (await list('?action=dup.test')).count >= 1, 'dup row');
    expect((await list('?action=dup.test')).count).toBe(1);
  });

  it('keeps the log append-only: the database refuses updates, deletes and truncation', async () => {
    const pool = h.database.pool;
    await expect(pool.query(`update admin.audit_log set description = 'x'`)).rejects.toThrow(/append-only/);
    await expect(pool.query('delete from admin.audit_log')).rejects.toThrow(/append-only/);
    await expect(pool.query('truncate admin.audit_log')).rejects.toThrow(/append-only/);
    expect(await h.auditCount()).toBe(6);
  });
});

describe('GET /admin/logs', () => {
  it('lists newest first with the actor from the users projection, or null when unknown', async () => {
    const page = await list('?action=card.deleted');
    expect(page.count).toBe(2);
    expect(page.rows.map((r) => r.Admin?.username)).toEqual(['Aiko', 'Борис']);
    expect(page.rows[0]).toMatchObject({
      category: 'cards',
      ip: '203.0.113.7',
      Admin: { id: 1, discordId: '111111111111111111', avatar: null, username: 'Aiko' },
    });
    const unknown = await list('?action=news.created');
    expect(unknown.rows[0]).toMatchObject({ adminId: 99, Admin: null });
  });

  it('pages with limit and offset and counts every match', async () => {
    const first = await list('?limit=2&offset=0&sort=date-desc');
    const second = await list('?limit=2&offset=2');
    expect(first.count).toBe(6);
    expect(first.rows).toHaveLength(2);
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]?.id);
    const oldest = await list('?limit=1&sort=date-asc');
    expect(oldest.rows[0]?.action).toBe('trade.cleanup');
  });

  it('sorts by administrator name either way, unknown actors last, paging through the same order', async () => {
    const names = (page: { rows: { Admin: { username: string } | null }[] }) =>
      page.rows.map((r) => r.Admin?.username ?? null);
    expect(names(await list('?sort=admin-asc'))).toEqual(['Aiko', 'Aiko', 'Aiko', 'Борис', null, null]);
    expect(names(await list('?sort=admin-desc'))).toEqual(['Борис', 'Aiko', 'Aiko', 'Aiko', null, null]);
    const all = (await list('?sort=admin-asc')).rows.map((r) => r.id);
    const paged = [
      ...(await list('?sort=admin-asc&limit=4')).rows,
      ...(await list('?sort=admin-asc&limit=4&offset=4')).rows,
    ].map((r) => r.id);
    expect(paged).toEqual(all);
    // Pages that end inside the known actors, cross into the unknown ones, or start past them.
    for (const [offset, limit] of [
      [0, 3],
      [3, 2],
      [2, 3],
      [5, 1],
      [4, 2],
      [6, 2],
    ] as const)
      expect((await list(`?sort=admin-asc&limit=${limit}&offset=${offset}`)).rows.map((r) => r.id)).toEqual(
        all.slice(offset, offset + limit),
      );
    const allDesc = (await list('?sort=admin-desc')).rows.map((r) => r.id);
    expect((await list('?sort=admin-desc&limit=2&offset=3')).rows.map((r) => r.id)).toEqual(
      allDesc.slice(3, 5),
    );
    // A filter narrows both parts: the unknown actors' rows of one category only.
    const category = await list('?sort=admin-asc&category=cards');
    expect(category.rows).toHaveLength(category.count);
    expect(names(await list('?sort=category-asc&limit=1'))).toEqual(['Aiko']);
    expect((await list('?sort=action-asc&limit=1')).rows[0]?.action).toBe('card.deleted');
  });

  it('filters by category, by actor id or Discord ID, and by dates', async () => {
    expect((await list('?category=users')).rows.map((r) => r.action)).toEqual(['user.level-changed']);
    expect((await list('?adminId=1&category=cards')).count).toBe(2);
    expect((await list('?adminId=2&category=cards')).count).toBe(1);
    expect((await list('?adminId=111111111111111111')).rows.every((r) => r.adminId === 1)).toBe(true);
    expect((await list('?adminId=111111111111111111')).count).toBe(3);
    const lastWeek = new Date(now - 7 * 86_400_000).toISOString().slice(0, 10);
    const recent = await list(`?startDate=${lastWeek}`);
    expect(recent.rows.map((r) => r.action).sort()).toEqual([
      'card.deleted',
      'card.deleted',
      'dup.test',
      'news.created',
    ]);
    const old = await list(`?endDate=${new Date(now - 20 * 86_400_000).toISOString().slice(0, 10)}`);
    expect(old.rows.map((r) => r.action)).toEqual(['trade.cleanup']);
    expect(
      (await list(`?startDate=${encodeURIComponent(daysAgo(3))}&endDate=${encodeURIComponent(daysAgo(1.5))}`))
        .count,
    ).toBe(1);
  });

  it('counts exactly what it lists, for ranges that cut days anywhere (daily counts plus edges)', async () => {
    const filters = ['', '&category=cards', '&action=card.deleted', '&adminId=1'];
    const instants = [0.01, 0.5, 1.2, 2.05, 3, 9.99, 10.01, 45].map((d) => daysAgo(d));
    for (const f of filters)
      for (const [i, from] of instants.entries())
        for (const to of instants.slice(0, i)) {
          const q = `?limit=500&startDate=${encodeURIComponent(from)}&endDate=${encodeURIComponent(to)}${f}`;
          const page = await list(q);
          expect(page.count, q).toBe(page.rows.length);
        }
    const all = await list('?limit=500');
    expect(all.count).toBe(all.rows.length);
  });

  it('refuses malformed filters with 400 and never a 500', async () => {
    for (const q of [
      '?startDate=2024-13-45',
      '?endDate=yesterday',
      '?startDate=2024-02-30',
      '?category=nope',
      '?limit=0',
      '?limit=100000',
      '?offset=-1',
      '?adminId=abc',
      '?sort=random',
    ]) {
      const res = await h.fetch(`/admin/logs${q}`, { headers: asAdmin() });
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const bad = await h.fetch('/admin/logs/export?startDate=31.12.2024', { headers: asAdmin() });
    expect(bad.status).toBe(400);
  });
});

describe('stats, categories and actions', () => {
  it('counts total, today and per category', async () => {
    const res = await h.fetch('/admin/logs/stats', { headers: asAdmin() });
    const stats = logStatsSchema.parse(await res.json());
    expect(stats.total).toBe(6);
    expect(stats.today).toBeGreaterThanOrEqual(2);
    expect(stats.today).toBeLessThanOrEqual(3);
    expect(stats.byCategory).toEqual({ cards: 3, users: 1, system: 1, other: 1 });
  });

  it('names categories in the caller language and counts actions', async () => {
    const ru = await (await h.fetch('/admin/logs/categories', { headers: asAdmin(1, 'ru') })).json();
    expect(ru).toContainEqual({ value: 'trades', label: 'Обмены' });
    expect(ru).toHaveLength(6);
    const en = await (await h.fetch('/admin/logs/categories', { headers: asAdmin(1, 'en') })).json();
    expect(en).toContainEqual({ value: 'trades', label: 'Trades' });
    const actions = await (await h.fetch('/admin/logs/actions', { headers: asAdmin() })).json();
    expect(actions[0]).toEqual({ value: 'card.deleted', label: 'card.deleted', count: 2 });
    expect(actions).toContainEqual({ value: 'trade.cleanup', label: 'trade.cleanup', count: 1 });
  });
});

describe('GET /admin/logs/export', () => {
  it('streams UTF-8 CSV with a BOM, the filters applied and formula cells neutralised', async () => {
    const since = new Date(now - 5 * 86_400_000).toISOString().slice(0, 10);
    const res = await h.fetch(
      `/admin/logs/export?category=cards&adminId=2&startDate=${since}&endDate=${encodeURIComponent(daysAgo(-1))}&lang=ru`,
      {
        headers: asAdmin(),
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('admin_logs.csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trim().split('\n');
    // One language per export, asked for by `lang` (the caller reads English).
    expect(lines[0]).toBe(
      'ID,Администратор,ID администратора,Discord ID,Действие,Категория,Описание,Объект,IP,Сервис,Дата',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Борис');
    expect(lines[1]).toContain('Удалена карточка #42');
    expect(lines[1]).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\r?$/);
    const english = await (await h.fetch('/admin/logs/export?category=cards', { headers: asAdmin() })).text();
    expect(english).toContain('ID,Administrator,Administrator ID');
    expect(english).toContain('Deleted card #42');
    expect(english).not.toContain('Удалена');

    const injected = await (
      await h.fetch('/admin/logs/export?action=news.created', { headers: asAdmin() })
    ).text();
    expect(injected).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(injected).not.toMatch(/,"?=HYPERLINK/);
  });

  it('neutralises every dangerous first character', async () => {
    const { neutraliseCell } = await import('../../domain/log-view');
    for (const c of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseCell(`${c}1+1`)).toBe(`'${c}1+1`);
    expect(neutraliseCell('plain -text')).toBe('plain -text');
  });
});

describe('authorization', () => {
  it('refuses anonymous callers (401) and members or moderators (403) on every log call', async () => {
    for (const path of [
      '/admin/logs',
      '/admin/logs/stats',
      '/admin/logs/categories',
      '/admin/logs/actions',
      '/admin/logs/export',
    ]) {
      expect((await h.fetch(path)).status, path).toBe(401);
      expect((await h.fetch(path, { headers: asUser(5) })).status, path).toBe(403);
      expect((await h.fetch(path, { headers: asUser(5, 2) })).status, path).toBe(403);
    }
  });
});
