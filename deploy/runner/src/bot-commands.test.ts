import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts, type FakeDiscord, type FakeDiscordAccount, type InteractionBody } from '@acg/fakes';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { isolated, signIn } from './testing/sign-in';

/**
 * The bot's commands against the real services (the whole system in one process, signed
 * interactions from its fake Discord): a drop shows in /collection and /view, /profile counts it,
 * and /trade creates a real trade through the trades service, with inventory's escrow holding
 * the copies, as the site's trade page does.
 */
let db: TestDatabase;
let dataDir: string;
let sys: EmbeddedSystem;
let fake: FakeDiscord;
const [fan, hikari] = demoAccounts as [FakeDiscordAccount, FakeDiscordAccount];

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'acg-bot-commands-'));
  sys = await startEmbedded({
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      RATE_LIMIT_ENABLED: 'false',
      DROP_COOLDOWN_SECONDS: '0',
      ...isolated(),
    },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'silent',
  });
  fake = sys.fakeDiscord!;
}, 120_000);
afterAll(async () => {
  await sys?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Data = {
  content?: string;
  embeds?: Array<{
    title: string;
    description: string;
    thumbnail?: { url: string };
    footer?: { text: string };
  }>;
  components?: Array<{
    components: Array<{ custom_id?: string; options?: Array<{ value: string; label: string }> }>;
  }>;
  choices?: Array<{ name: string; value: string }>;
};
async function deliver(interaction: InteractionBody): Promise<Data> {
  const sent = await fake.interactions.send(interaction, `${sys.url}/interactions`);
  expect(sent.status).toBe(200);
  expect(sent.problem).toBeUndefined();
  // A slow first call is deferred: its message arrives through the webhook.
  if (sent.answer?.type === 5 || sent.answer?.type === 6)
    return ((await fake.interactions.messages.settled(sent.token, 15_000))?.original ?? {}) as Data;
  return (sent.answer?.data ?? {}) as Data;
}
const command = (who: FakeDiscordAccount, name: string, options: unknown[] = [], extra = {}) =>
  deliver(fake.interactions.commandInteraction(who, name, { options: options as never, ...extra }));
function click(who: FakeDiscordAccount, customId: string, values?: string[]) {
  const { data: _data, ...rest } = fake.interactions.commandInteraction(who, 'x', { where: 'dm' });
  return deliver({
    ...rest,
    type: 3,
    data: { custom_id: customId, component_type: values ? 3 : 2, ...(values ? { values } : {}) },
    message: { id: '1300000000000000001', channel_id: '1100000000000000009', content: '' },
  } as InteractionBody);
}
const ids = (data: Data) => (data.components ?? []).flatMap((r) => r.components.map((c) => c.custom_id!));

describe('the bot against the services', () => {
  it('shows a drop in /collection, /view and /profile, and trades it with /trade', async () => {
    const fanDrop = await command(fan, 'card');
    const dropped = fanDrop.embeds![0]!.title;
    await command(hikari, 'card');

    const page = await command(fan, 'collection');
    expect(page.content).toMatch(/^\*\*Your collection\*\* · Page 1 of 1 · 1 card$/);
    expect(page.embeds!.map((e) => e.title)).toEqual([dropped]);
    expect(page.embeds![0]!.thumbnail!.url).toMatch(/\/api\/cards\/\d+\/image\?lang=en&print=\d+$/);

    const choices = await command(fan, 'view', [{ name: 'card', type: 3, value: '', focused: true }], {
      autocomplete: true,
    });
    const own = choices.choices![0]!;
    const view = await command(fan, 'view', [{ name: 'card', type: 3, value: own.value }]);
    expect(view.embeds![0]!.title).toBe(dropped);
    expect(view.embeds![0]!.footer!.text).toBe('0 likes');
    const liked = await click(fan, `like:${own.value}`);
    expect(liked.content).toBe('You like this card. 1 like');

    const profile = await command(hikari, 'profile', [], { where: 'private' });
    expect(profile.embeds![0]!.description).toBe('Карт: 1 · персонажей: 1');

    // The trade: the fan's copy for hikari's, sent through the trades service.
    const builder = await command(fan, 'trade', [{ name: 'user', type: 6, value: hikari.discordId }], {
      users: [hikari],
    });
    const [giveId, getId, sendId] = ids(builder);
    const give = builder.components![0]!.components[0]!.options![0]!.value;
    const get = builder.components![1]!.components[0]!.options![0]!.value;
    await click(fan, giveId!, [give]);
    await click(fan, getId!, [get]);
    const sent = await click(fan, sendId!);
    const tradeId = Number(/#(\d+)/.exec(sent.content ?? '')?.[1]);
    expect(tradeId).toBeGreaterThan(0);

    // The recipient sees it on the site, and inventory holds the fan's copy in escrow.
    const cookie = await signIn(sys.url, 'admin_hikari');
    const pending = (await (
      await fetch(`${sys.url}/trade/api/my?status=pending`, {
        headers: { cookie, accept: 'application/json' },
      })
    ).json()) as Array<{ id: number; Items: unknown[] }>;
    expect(pending.find((t) => t.id === tradeId)?.Items).toHaveLength(2);
    const again = await command(fan, 'trade', [{ name: 'user', type: 6, value: hikari.discordId }], {
      users: [hikari],
    });
    // The fan's only copy is reserved: the give menu is gone, only hikari's remains.
    expect(again.components!.map((r) => r.components[0]!.custom_id)).toEqual([
      expect.stringMatching(/:get$/),
      expect.stringMatching(/:send$/),
    ]);
  }, 60_000);

  it('keeps a wishlist with /wish, as the site does (inventory’s rules and limit)', async () => {
    const found = await command(
      hikari,
      'wish',
      [{ name: 'add', type: 1, options: [{ name: 'character', type: 3, value: '', focused: true }] }],
      {
        autocomplete: true,
      },
    );
    const [first, second] = found.choices!;
    const added = await command(hikari, 'wish', [
      { name: 'add', type: 1, options: [{ name: 'character', type: 3, value: first!.value }] },
    ]);
    expect(added.content).toBe(`${first!.name} в вашем списке желаний (1/25).`);
    // Typed text: the first character whose name has it.
    await command(hikari, 'wish', [
      { name: 'add', type: 1, options: [{ name: 'character', type: 3, value: second!.name }] },
    ]);
    const list = await command(hikari, 'wish', [{ name: 'list', type: 1, options: [] }], {
      where: 'private',
    });
    expect(list.content).toMatch(/^\*\*Ваш список желаний \(2\/25\)\*\*\n/);
    const removed = await command(hikari, 'wish', [
      { name: 'remove', type: 1, options: [{ name: 'character', type: 3, value: first!.value }] },
    ]);
    expect(removed.content).toBe(`${first!.name} убран(а) из списка желаний.`);
    const unknown = await command(fan, 'wish', [
      { name: 'add', type: 1, options: [{ name: 'character', type: 3, value: '999999' }] },
    ]);
    expect(unknown.content).toMatch(/999999/);
    // The site sees the same wishlist.
    const cookie = await signIn(sys.url, 'admin_hikari');
    const site = (await (
      await fetch(`${sys.url}/api/wishlist`, { headers: { cookie, accept: 'application/json' } })
    ).json()) as {
      items: Array<{ characterId: number }>;
    };
    expect(site.items.map((w) => String(w.characterId))).toEqual([second!.value]);
  }, 60_000);

  it('offers the commands on the demo chat page', async () => {
    const page = await (await fetch(`${sys.fakeDiscordUrl}/demo/card`)).text();
    expect(page).toContain('/collection [search]');
    const html = await (
      await fetch(`${sys.fakeDiscordUrl}/demo/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ as: fan.discordId, command: 'profile', text: '', user: '' }),
      })
    ).text();
    expect(html).toContain('<code>/profile</code>');
    expect(html).toContain('Cards: 1 · characters: 1');
  }, 30_000);
});
