import { auditRecorded } from '@acg/contracts';
import { FAKE_VK_TOKEN } from '@acg/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, asAdmin, asUser, startAdminHarness } from '../../test/harness';

let h: AdminHarness;
beforeAll(async () => {
  // No DISCORD_BOT_TOKEN here: the channel check says the bot is not configured.
  h = await startAdminHarness();
  h.secrets.add(FAKE_VK_TOKEN);
});
afterAll(async () => {
  try {
    // Every answer of this suite was scanned for the token (the harness reads each one).
    expect(h.leaks).toEqual([]);
  } finally {
    await h?.close();
  }
});

const save = (key: string, value: unknown, headers = asAdmin(), description?: string) =>
  h.json('/api/admin/config', 'POST', { key, value, description }, headers);
const read = (key: string, headers = asAdmin()) => h.fetch(`/api/config/${key}`, { headers });

describe('settings', () => {
  it('answers the defaults before anything is saved (freshness 1800, every 30 minutes)', async () => {
    expect(await (await read('vk.freshnessSeconds')).json()).toMatchObject({
      key: 'vk.freshnessSeconds',
      value: 1800,
    });
    expect(await (await read('vk.schedule')).json()).toMatchObject({ value: '*/30 * * * *' });
    expect(await (await read('vk.groups')).json()).toMatchObject({ value: [] });
    expect(await (await read('vk.token')).json()).toMatchObject({ value: null, isSet: false });
    expect((await read('vk.nope')).status).toBe(404);
  });

  it('saves each setting with its validation and description, audited', async () => {
    expect(
      (await save('vk.discordChannelId', '123456789012345678', asAdmin(), 'Канал новостей')).status,
    ).toBe(200);
    expect(await (await read('vk.discordChannelId')).json()).toMatchObject({
      value: '123456789012345678',
      description: 'Канал новостей',
    });
    const groups = await save('vk.groups', [
      { id: ' -203998877 ', name: ' Аниме карточки ' },
      { id: '', name: 'dropped: no id' },
      { id: '1', name: 'Durov' },
      { id: '1', name: 'duplicate' },
    ]);
    expect(groups.status).toBe(200);
    expect((await groups.json()).value).toEqual([
      { id: '-203998877', name: 'Аниме карточки' },
      { id: '1', name: 'Durov' },
    ]);
    expect((await save('vk.freshnessSeconds', '600')).status).toBe(200);
    expect(await (await read('vk.freshnessSeconds')).json()).toMatchObject({ value: 600 });
    expect((await save('vk.schedule', '*/15  * * * *')).status).toBe(200);
    expect(await (await read('vk.schedule')).json()).toMatchObject({ value: '*/15 * * * *' });
    const events = (await h.outboxEvents(auditRecorded.type)).map((e) => auditRecorded.data.parse(e));
    expect(events.filter((e) => e.action === 'setting.updated').map((e) => e.targetId)).toEqual([
      'vk.discordChannelId',
      'vk.groups',
      'vk.freshnessSeconds',
      'vk.schedule',
    ]);
  });

  it('refuses bad values with 400 and a clear message, changing nothing', async () => {
    for (const [key, value] of [
      ['vk.schedule', 'every thirty minutes'],
      ['vk.schedule', '61 * * * *'],
      ['vk.schedule', ''],
      ['vk.discordChannelId', 'general'],
      ['vk.discordChannelId', '12ab34'],
      ['vk.freshnessSeconds', -5],
      ['vk.freshnessSeconds', 'soon'],
      ['vk.freshnessSeconds', 1.5],
      ['vk.groups', 'not a list'],
      ['vk.groups', [{ id: 'club1', name: 'x' }]],
      ['vk.token', 'has spaces in it'],
      ['vk.other', 'x'],
    ] as const) {
      const res = await save(key, value);
      expect(res.status, `${key}=${JSON.stringify(value)}`).toBe(400);
      expect((await res.json()).error).toBeTruthy();
    }
    const bad = await (await save('vk.schedule', 'every thirty minutes')).json();
    expect(bad.error).toContain('cron');
    // The channel id's message is the spec's, in the visitor's language.
    expect((await (await save('vk.discordChannelId', 'general', asAdmin(1, 'ru'))).json()).error).toBe(
      'Укажите корректный ID канала',
    );
    expect((await (await save('vk.discordChannelId', 'general')).json()).error).toBe(
      'Enter a valid channel ID (digits only)',
    );
    // Every other refusal too (docs/rules.md, refusals).
    expect((await (await save('vk.groups', 'not a list', asAdmin(1, 'ru'))).json()).error).toBe(
      'vk.groups — список вида { id, name }',
    );
    expect((await (await save('vk.freshnessSeconds', -5, asAdmin(1, 'ru'))).json()).error).toBe(
      'vk.freshnessSeconds — целое число секунд от 0 до 2592000',
    );
    expect((await (await read('vk.nope', asAdmin(1, 'ru'))).json()).error).toBe(
      'Неизвестная настройка: vk.nope',
    );
    expect(await (await read('vk.schedule')).json()).toMatchObject({ value: '*/15 * * * *' });
    expect(await (await read('vk.discordChannelId')).json()).toMatchObject({ value: '123456789012345678' });
  });

  it('keeps vk.token write-only: masked when read, never in an answer or the audit log', async () => {
    const res = await save('vk.token', FAKE_VK_TOKEN);
    const saved = await res.text();
    expect(res.status).toBe(200);
    expect(saved).not.toContain(FAKE_VK_TOKEN);
    expect(JSON.parse(saved)).toMatchObject({
      key: 'vk.token',
      value: null,
      isSet: true,
      masked: '••••••••',
    });
    const got = await (await read('vk.token')).text();
    expect(got).not.toContain(FAKE_VK_TOKEN);
    expect(JSON.parse(got)).toMatchObject({ isSet: true, value: null });
    const audit = JSON.stringify(await h.outboxEvents(auditRecorded.type));
    expect(audit).not.toContain(FAKE_VK_TOKEN);
    expect(audit).toContain('"targetId":"vk.token"');
    // Clearing it.
    expect((await save('vk.token', '')).status).toBe(200);
    expect(await (await read('vk.token')).json()).toMatchObject({ isSet: false });
    await save('vk.token', FAKE_VK_TOKEN);
  });

  it('has a scan that would notice a secret in an answer', async () => {
    h.secrets.add('123456789012345678');
    await read('vk.discordChannelId');
    h.secrets.delete('123456789012345678');
    expect(h.leaks.splice(0)).toEqual(['/api/config/vk.discordChannelId answered a secret']);
  });

  it('lets no one below administrator read or write any setting', async () => {
    for (const key of [
      'vk.token',
      'vk.discordChannelId',
      'vk.groups',
      'vk.freshnessSeconds',
      'vk.schedule',
    ]) {
      expect((await read(key, {})).status, key).toBe(401);
      expect((await read(key, asUser(5))).status, key).toBe(403);
      expect((await read(key, asUser(5, 2))).status, key).toBe(403);
      expect((await save(key, 'x', asUser(5))).status, key).toBe(403);
    }
    for (const path of ['/api/admin/discord/check-channel/123456789', '/api/admin/vk/runs'])
      expect((await h.fetch(path, { headers: asUser(5) })).status, path).toBe(403);
    expect((await h.fetch('/api/admin/vk/run', { method: 'POST', headers: asUser(5) })).status).toBe(403);
  });

  it('checks a channel id before asking Discord, and says when the bot is not configured', async () => {
    const bad = await h.fetch('/api/admin/discord/check-channel/abc', { headers: asAdmin() });
    expect(bad.status).toBe(400);
    // The screen shows the answer's `error`: the spec's message (§5) in the visitor's language.
    for (const [language, id, message] of [
      ['ru', 'abc', 'Укажите корректный ID канала'],
      ['ru', '123', 'Укажите корректный ID канала'],
      ['en', '1'.repeat(26), 'Enter a valid channel ID (digits only)'],
    ] as const) {
      const res = await h.fetch(`/api/admin/discord/check-channel/${id}`, { headers: asAdmin(1, language) });
      expect(res.status, id).toBe(400);
      expect((await res.json()).error, id).toBe(message);
    }
    const res = await h.fetch('/api/admin/discord/check-channel/123456789012345678', { headers: asAdmin() });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toContain('DISCORD_BOT_TOKEN');
  });
});
