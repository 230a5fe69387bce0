import { logListSchema, newsItemSchema, newsListSchema } from '@acg/contracts';
import { FAKE_VK_TOKEN } from '@acg/fakes';
import { editableFile } from '@acg/i18n/bundled';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmbeddedSystem } from './embedded';
import { signIn } from './testing/sign-in';
import { startTestSystem } from './testing/system';

/**
 * The admin service in the embedded system, through the gateway as the browser calls it:
 * translations seeded from the web bundle, news, the audit log fed over the bus, and settings.
 * Every answer is scanned for the VK token.
 */
let system: Awaited<ReturnType<typeof startTestSystem>>;
let sys: EmbeddedSystem;
let admin: string;
let fan: string;
const answers: string[] = [];

const call = async (path: string, init: RequestInit & { as?: string } = {}) => {
  const headers = new Headers(init.headers);
  if (init.as) headers.set('cookie', init.as);
  if (init.body) {
    headers.set('content-type', 'application/json');
    headers.set('origin', sys.url);
  }
  const res = await fetch(`${sys.url}${path}`, { ...init, headers });
  answers.push(`${path}\n${JSON.stringify([...res.headers])}\n${await res.clone().text()}`);
  return res;
};

beforeAll(async () => {
  system = await startTestSystem('admin-ops');
  sys = system.sys;
  admin = await signIn(sys.url, 'admin_hikari');
  fan = await signIn(sys.url, 'sakura_fan');
}, 120_000);
afterAll(async () => {
  await system?.close();
});

describe('admin operations through the gateway', () => {
  it("serves the web client's bundled translations, seeded by the runner, with an ETag", async () => {
    const bundled = editableFile('ru');
    const res = await call('/api/i18n/ru');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(bundled);
    const again = await call('/api/i18n/ru', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('publishes news that everyone sees, and logs it with the actor and the address', async () => {
    const res = await call('/api/admin/news', {
      method: 'POST',
      as: admin,
      body: JSON.stringify({
        title: 'Новый сезон',
        content: 'Фрирен',
        type: 'announcement',
        tags: 'аниме',
        published: true,
      }),
    });
    expect(res.status).toBe(201);
    const item = newsItemSchema.parse(await res.json());
    const list = newsListSchema.parse(await (await call('/api/news')).json());
    expect(list.map((n) => n.id)).toContain(item.id);
    const row = await vi.waitFor(
      async () => {
        const page = logListSchema.parse(
          await (await call('/admin/logs?action=news.created', { as: admin })).json(),
        );
        const found = page.rows.find((r) => r.targetId === String(item.id));
        expect(found).toBeDefined();
        return found;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(row).toMatchObject({ category: 'other', service: 'admin', Admin: { username: 'Hikari' } });
    expect(row?.ip).toMatch(/127\.0\.0\.1|::1/);
  });

  it('keeps settings from fans and the VK token out of every answer', async () => {
    expect((await call('/api/config/vk.groups', { as: fan })).status).toBe(403);
    expect((await call('/api/config/vk.token')).status).toBe(401);
    const saved = await call('/api/admin/config', {
      method: 'POST',
      as: admin,
      body: JSON.stringify({ key: 'vk.token', value: FAKE_VK_TOKEN }),
    });
    expect(saved.status).toBe(200);
    expect(await (await call('/api/config/vk.token', { as: admin })).json()).toMatchObject({
      isSet: true,
      value: null,
    });
    const cron = await call('/api/admin/config', {
      method: 'POST',
      as: admin,
      body: JSON.stringify({ key: 'vk.schedule', value: 'каждые 30 минут' }),
    });
    expect(cron.status).toBe(400);
    // The audit event travels outbox → bus → admin's consumer: the export has it soon, not at once.
    await expect
      .poll(
        async () => {
          const csv = await call('/admin/logs/export?category=system', { as: admin });
          return `${csv.status} ${await csv.text()}`;
        },
        { timeout: 10_000 },
      )
      .toMatch(/^200 [\s\S]*setting\.updated/);
    expect(answers.filter((a) => a.includes(FAKE_VK_TOKEN)).map((a) => a.split('\n')[0])).toEqual([]);
  });
});

describe('server texts edited on the translations screen', () => {
  it("change what another service answers: the trades service's refusal says the saved text", async () => {
    const fanRu = await signIn(sys.url, 'sakura_fan');
    expect((await call('/change-language/ru', { method: 'POST', as: fanRu, body: '{}' })).status).toBe(200);
    const idOf = async (as: string) => (await (await call('/api/me', { as })).json()).user.id as number;
    const ids = new Map([
      [fanRu, await idOf(fanRu)],
      [admin, await idOf(admin)],
    ]);
    const selfTrade = async (as = fanRu) => {
      const res = await call('/trade/api', {
        method: 'POST',
        as,
        body: JSON.stringify({ toUserId: ids.get(as), fromItems: [{ inventoryId: 1, quantity: 1 }] }),
      });
      return `${res.status} ${(await res.json()).error}`;
    };
    expect(await selfTrade()).toBe('400 Нельзя предложить обмен самому себе');

    const file = await (await call('/api/i18n/ru')).json();
    const edited = structuredClone(file);
    edited.server.trades.selfTrade = 'Обмен с самим собой невозможен';
    const save = (body: unknown) =>
      call('/admin/i18n?lang=ru', { method: 'POST', as: admin, body: JSON.stringify(body) });
    expect((await save(edited)).status).toBe(200);
    // The save travels outbox → bus → every process, which re-reads the texts: soon, not at once.
    await expect.poll(() => selfTrade(), { timeout: 5_000 }).toBe('400 Обмен с самим собой невозможен');
    // Only Russian changed: the same refusal to an English caller is as bundled.
    expect(await selfTrade(admin)).toBe('400 You cannot trade with yourself');

    expect((await save(file)).status).toBe(200);
    await expect.poll(() => selfTrade(), { timeout: 5_000 }).toBe('400 Нельзя предложить обмен самому себе');
  });
});
