import { auditRecorded, relayRunListSchema } from '@acg/contracts';
import {
  DEMO_GROUP_ID,
  FAKE_BOT_TOKEN,
  FAKE_GENERAL_CHANNEL_ID,
  FAKE_VK_TOKEN,
  type FakeDiscord,
  type FakeVk,
  REPOST_SOURCE_NAME,
  startFakeDiscord,
  startFakeVk,
} from '@acg/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, asAdmin, startAdminHarness } from '../test/harness';

/**
 * The relay's successful path: the fake VK's demo wall into the fake Discord's #general, through
 * the bot's credentials, each fresh post exactly once however often it runs, and through
 * Discord's rate limit. The failure paths are in relay-failures.test.ts.
 */
let vk: FakeVk;
let discord: FakeDiscord;
let h: AdminHarness;
beforeAll(async () => {
  vk = await startFakeVk();
  discord = await startFakeDiscord();
  h = await startAdminHarness({
    VK_API_BASE_URL: vk.url,
    DISCORD_API_BASE_URL: `${discord.url}/api/v10`,
    DISCORD_BOT_TOKEN: FAKE_BOT_TOKEN,
    RELAY_BACKOFF_MS: '10',
  });
  h.secrets.add(FAKE_VK_TOKEN);
});
afterAll(async () => {
  try {
    expect(h.leaks).toEqual([]);
  } finally {
    await h?.close();
    await discord?.close();
    await vk?.close();
  }
});

const runNow = async () => {
  const res = await h.fetch('/api/admin/vk/run', { method: 'POST', headers: asAdmin() });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; posted: number; skipped: number; errors: string[] };
};
const save = async (key: string, value: unknown) =>
  expect((await h.json('/api/admin/config', 'POST', { key, value })).status).toBe(200);
const general = () => discord.interactions.channels.posted(FAKE_GENERAL_CHANNEL_ID);

describe('the VK → Discord relay against the fakes', () => {
  it('checks the channel through Discord: name, id and guild', async () => {
    const res = await h.fetch(`/api/admin/discord/check-channel/${FAKE_GENERAL_CHANNEL_ID}`, {
      headers: asAdmin(),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: FAKE_GENERAL_CHANNEL_ID, name: 'general' });
    const missing = await h.fetch('/api/admin/discord/check-channel/1100000000000009999', {
      headers: asAdmin(),
    });
    expect(missing.status).toBe(404);
  });

  it('posts each fresh post once as an embed with its Cyrillic text; a second run posts nothing', async () => {
    await save('vk.token', FAKE_VK_TOKEN);
    await save('vk.discordChannelId', FAKE_GENERAL_CHANNEL_ID);
    await save('vk.groups', [{ id: String(DEMO_GROUP_ID), name: 'Аниме карточки' }]);
    const first = await runNow();
    // The demo wall: two posts within the 30-minute freshness, three older (one pinned).
    expect(first).toMatchObject({ posted: 2, skipped: 3, errors: [] });
    const messages = general();
    expect(messages).toHaveLength(2);
    for (const m of messages) {
      expect(m.embeds).toHaveLength(1);
      expect(m.embeds[0]!.url).toMatch(/^https:\/\/vk\.com\/wall-203998877_\d+$/);
      expect(`${m.embeds[0]!.title ?? ''}${m.embeds[0]!.description ?? ''}`).toMatch(/[а-яё]/i);
    }
    const second = await runNow();
    expect(second).toMatchObject({ posted: 0, errors: [] });
    expect(general()).toHaveLength(2);
    // Each run an administrator asked for is theirs in the action log, one that posted nothing too.
    const manual = (await h.outboxEvents(auditRecorded.type))
      .map((e) => auditRecorded.data.parse(e))
      .filter((e) => e.action === 'relay.run-requested');
    expect(manual.map((e) => [e.actorId, e.category, e.targetId])).toEqual([
      [1, 'system', String(first.id)],
      [1, 'system', String(second.id)],
    ]);
    expect(manual[0]?.after).toMatchObject({ posted: 2, skipped: 3, errors: 0 });
    const runs = relayRunListSchema.parse(
      await (await h.fetch('/api/admin/vk/runs', { headers: asAdmin() })).json(),
    );
    expect(runs.slice(0, 2).map((r) => r.posted)).toEqual([0, 2]);
  });

  it("waits out Discord's 429 and still posts a new fresh post exactly once", async () => {
    vk.addPost(DEMO_GROUP_ID, 'Новая карточка недели: Курису Макисэ!');
    // Discord refuses the relay's first two tries, then lets the post through.
    const channels = discord.interactions.channels;
    const refused = channels.refusals;
    channels.rateLimit = { kind: 'always', retryAfterSeconds: 0.05, times: 2 };
    const run = await runNow();
    expect(channels.refusals).toBe(refused + 2);
    expect(run).toMatchObject({ posted: 1, errors: [] });
    const texts = general().map((m) => m.embeds[0]?.description ?? '');
    expect(texts.filter((t) => t.includes('Курису Макисэ'))).toHaveLength(1);
    expect(general()).toHaveLength(3);
  });

  it('relays real-shaped posts faithfully: a long post with emoji at the cut, a repost, a picture-only post', async () => {
    const before = general().length;
    const long = vk.addLongPost(DEMO_GROUP_ID, { ageSeconds: 30 });
    const repost = vk.addRepost(DEMO_GROUP_ID, 'Вышел трейлер второго сезона!', {
      ageSeconds: 20,
      link: { url: 'https://example.org/trailer', title: 'Трейлер' },
    });
    const pictures = vk.addPicturePost(DEMO_GROUP_ID, { ageSeconds: 10 });
    const run = await runNow();
    expect(run).toMatchObject({ posted: 3, errors: [] });
    const [l, r, p] = general()
      .slice(before)
      .map((m) => m.embeds[0]!);
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (const e of [l!, r!, p!]) {
      const texts = [e.title ?? '', e.description ?? '', e.footer?.text ?? ''];
      for (const text of texts) expect(text).not.toMatch(lone);
      expect((e.description ?? '').length).toBeLessThanOrEqual(4096);
      expect(texts.join('').length).toBeLessThanOrEqual(6000);
    }
    // The long post: cut near the limit, on a whole emoji, with the ellipsis.
    expect(l!.url).toBe(`https://vk.com/wall${DEMO_GROUP_ID}_${long.id}`);
    expect(l!.description!.length).toBeGreaterThan(4000);
    expect(l!.description!.endsWith('…')).toBe(true);
    // The repost: the original's text, link and first picture, under "Repost from" its source.
    const original = repost.copy_history![0]!;
    expect(r!.description).toContain(
      `Repost from ${REPOST_SOURCE_NAME.replace('|', '\\|')} <https://vk.com/wall${original.owner_id}_${original.id}>`,
    );
    expect(r!.description).toContain('Вышел трейлер второго сезона!');
    expect(r!.description).toContain('Трейлер <https://example.org/trailer>');
    const firstPhoto = original.attachments[0]!;
    expect(firstPhoto.type === 'photo' && r!.image?.url === firstPhoto.photo.sizes.at(-1)!.url).toBe(true);
    // The picture-only post: its first picture, no text.
    const firstPicture = pictures.attachments[0]!;
    expect(firstPicture.type === 'photo' && p!.image?.url === firstPicture.photo.sizes.at(-1)!.url).toBe(
      true,
    );
    expect(p!.description).toBeUndefined();
  });
});
