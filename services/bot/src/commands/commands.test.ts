import { type CardSummary, cardsGet, type InventoryEntry, usersEnsureDiscord } from '@acg/contracts';
import {
  type CommandOptionBody,
  type FakeDiscord,
  type FakeDiscordAccount,
  type InteractionBody,
  type InteractionPlace,
  startFakeDiscord,
} from '@acg/fakes';
import { createLogger, createMemoryBus, createMemoryCache, type RunningService } from '@acg/platform';
import { HOSTILE_STRINGS } from '@acg/platform/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botConfigSchema } from '../config';
import { start } from '../start';
import { type Call, type ServicesDouble, startServicesDouble } from '../test/services-double';

/**
 * Every command and component of the bot with Discord-shaped payloads from the fake Discord (a
 * server, the bot's DM, another DM through a user install; English and Russian clients), the
 * services stood in for at their HTTP boundary (test/services-double.ts) and auth and catalogue's
 * RPCs on the memory bus. What the double answers is what the services' contracts say; the
 * tests check what the bot asks (path, signed identity, body) and what Discord gets back.
 */
const SECRET = 's'.repeat(32);
const DEFER_MS = 400;
const PLACES: InteractionPlace[] = ['guild', 'dm', 'private'];

const account = (n: number, locale: string): FakeDiscordAccount => ({
  discordId: `20000000000000${String(n).padStart(4, '0')}`,
  username: `fan_${n}`,
  globalName: null,
  email: null,
  avatar: null,
  locale,
  intendedAdminLevel: 0,
});
const en = account(1, 'en-US');
const ru = account(2, 'ru');
const other = account(3, 'en-GB');
/** Site ids of the Discord users, as auth gives them. */
const siteIds = new Map([
  [en.discordId, 11],
  [ru.discordId, 12],
  [other.discordId, 13],
]);

const card = (id: number, name: string, rank = 'S'): CardSummary => ({
  id,
  characterId: id + 100,
  characterName: name,
  characterAltname: null,
  characterNames: { en: name, ru: `${name}-ru` },
  characterImageUrl: null,
  rankCode: rank,
  rankTitle: rank === 'S' ? 'Legendary' : 'Common',
  rankColor: '#ffaa00',
  rankImageUrl: null,
  rankOrder: 1,
  seasonId: null,
  limited: false,
  imageUrl: null,
  rarityScore: 1,
  version: 'v1',
});
const entry = (cardId: number, name: string, rank = 'S', prints = [cardId]): InventoryEntry => ({
  id: 500 + cardId,
  cardId,
  limited: false,
  obtainedAt: '2026-11-01T00:00:00.000Z',
  quantity: prints.length,
  printNumbers: prints,
  character: name,
  rank,
  Card: {
    id: cardId,
    imageUrl: null,
    Character: { id: cardId + 100, name, names: [name, `${name}-ru`] },
    Rank: { code: rank, color: '#ffaa00', title: rank === 'S' ? 'Legendary' : 'Common' },
  },
  animeIds: [1],
});
/** Twelve cards: three pages of five; the first name is markdown, shown as plain text. */
const collection = [
  entry(1, '**Frieren**', 'S', [3, 9]),
  ...Array.from({ length: 11 }, (_, i) => entry(i + 2, `Hero ${i + 2}`, i % 2 ? 'S' : 'E')),
];

let fake: FakeDiscord;
let services: ServicesDouble;
let bot: RunningService;
let url: string;
const bus = createMemoryBus();
bus.serve(usersEnsureDiscord, async (u) => {
  const id = siteIds.get(u.discordId) ?? 99;
  return {
    user: {
      id,
      username: u.username,
      discriminator: '0',
      discordId: u.discordId,
      avatar: null,
      adminLevel: 0,
    },
    created: false,
  };
});
bus.serve(cardsGet, async ({ ids }) => ({
  cards: ids.filter((id) => id <= 12).map((id) => card(id, collection[id - 1]!.character)),
}));

beforeAll(async () => {
  fake = await startFakeDiscord();
  services = await startServicesDouble(SECRET);
  const config = botConfigSchema.parse({
    INTERNAL_SECRET: SECRET,
    PORT: '0',
    LOG_LEVEL: 'silent',
    DISCORD_PUBLIC_KEY: fake.interactions.publicKeyHex,
    DISCORD_API_BASE_URL: `${fake.url}/api/v10`,
    PUBLIC_URL: 'http://cards.test/',
    DEFER_AFTER_MS: String(DEFER_MS),
    UPSTREAM_CATALOGUE_URL: services.url,
    UPSTREAM_INVENTORY_URL: services.url,
    UPSTREAM_TRADES_URL: services.url,
  });
  bot = await start({ config, logger: createLogger('bot-test', 'silent'), bus, cache: createMemoryCache() });
  url = `${bot.url}/interactions`;
});
afterAll(async () => {
  await bot?.close();
  await services?.close();
  await fake?.close();
  await bus.drain();
});
beforeEach(() => {
  services.state.delayMs = 0;
  services.calls.length = 0;
  standardRoutes();
});

function standardRoutes() {
  services.route('GET /api/collectors/:id', (call) => {
    const id = Number(call.path.split('/').at(-1));
    const self = id === call.identity.userId;
    const user = { id, displayName: id === 13 ? '__other__' : `fan ${id}`, avatar: null, discordId: '1' };
    if (id === 13 && !self) return { body: { user, hidden: true, self, cards: [], stats: null } };
    const stats = {
      total_cards: 13,
      limited_cards: 0,
      common_cards: 13,
      unique_characters: 12,
      by_rank: [
        { code: 'S', title: 'Legendary', color: '#ffaa00', count: 7 },
        { code: 'E', title: 'Common', color: '#999999', count: 6 },
      ],
      by_anime: [
        { animeId: 1, cards: 12 },
        { animeId: 2, cards: 1 },
      ],
    };
    return { body: { user, hidden: false, self, cards: collection, stats } };
  });
  services.route('GET /api/anime', () => ({
    body: [
      {
        id: 1,
        title: 'Sousou no Frieren',
        shikimoriId: null,
        anilistId: null,
        titles: { ru: 'Провожающая' },
        cardCount: 24,
      },
      { id: 2, title: 'Dungeon Meshi', shikimoriId: null, anilistId: null, titles: {}, cardCount: 4 },
    ],
  }));
  services.route('GET /api/ranks', () => ({
    body: [
      {
        id: 1,
        code: 'S',
        title: 'Legendary',
        color: '#ffaa00',
        imageUrl: null,
        threshold: null,
        sortOrder: 2,
      },
      { id: 2, code: 'E', title: 'Common', color: '#999999', imageUrl: null, threshold: null, sortOrder: 1 },
    ],
  }));
  services.route('GET /api/inventory/my', () => ({ body: collection }));
  services.route('GET /api/inventory', () => ({
    body: [1, 2, 3].map((n) => ({
      id: n,
      user_id: n,
      username: `u${n}`,
      avatar: null,
      discordId: '1',
      quantity: 1,
    })),
  }));
  services.route('GET /api/cards/:cardId/likes', () => ({ body: { likes: 4, liked: false, printed: 9 } }));
  const liked = new Set<string>();
  services.route('POST /api/cards/:cardId/like', (call) => {
    const key = `${call.identity.userId}/${call.path}`;
    if (liked.has(key))
      return {
        status: 409,
        body: {
          success: false,
          likes: 5,
          error:
            call.identity.language === 'ru' ? 'Вы уже отметили эту карту' : 'You already liked this card',
        },
      };
    liked.add(key);
    return { body: { success: true, likes: 5 } };
  });
  services.route('GET /api/characters', (call) => {
    const q = (call.query.get('q') ?? '').toLowerCase();
    const all = [
      { id: 201, name: 'Fern', names: { en: 'Fern', ru: 'Ферн' }, Cards: [{ id: 40, Rank: { code: 'A' } }] },
      {
        id: 202,
        name: 'Stark',
        names: { en: 'Stark', ru: 'Штарк' },
        Cards: [{ id: 41, Rank: { code: 'E' } }],
      },
    ];
    const found = all.filter((c) => !q || Object.values(c.names).some((n) => n.toLowerCase().includes(q)));
    return {
      body: found.map((c) => ({
        ...c,
        altname: null,
        description: null,
        descriptions: {},
        imageUrl: null,
        shikimoriId: null,
        anilistId: null,
        Cards: c.Cards.map((k) => ({
          ...k,
          imageUrl: null,
          limited: false,
          seasonId: null,
          Rank: { ...k.Rank, title: 'x', color: '#fff', imageUrl: null },
        })),
      })),
    };
  });
}

/** Signs and delivers `/name` with `options`, as `who` in `where`. */
function command(
  who: FakeDiscordAccount,
  name: string,
  options?: CommandOptionBody[],
  extra: { where?: InteractionPlace; users?: FakeDiscordAccount[]; autocomplete?: boolean } = {},
) {
  return send(fake.interactions.commandInteraction(who, name, { options, ...extra }));
}
async function send(interaction: InteractionBody) {
  const sent = await fake.interactions.send(interaction, url);
  expect(sent.status).toBe(200);
  // Nothing Discord would refuse (limits, custom_id lengths, choices), and no pings.
  expect(sent.problem).toBeUndefined();
  const data = sent.answer?.data as Record<string, unknown> | undefined;
  if (data && [4, 7].includes(sent.answer?.type ?? 0)) expect(data.allowed_mentions).toEqual({ parse: [] });
  return sent;
}
/** A click on the component `customId` of the bot's message `data`, as `who` in `where`. */
function click(
  who: FakeDiscordAccount,
  customId: string,
  values?: string[],
  where: InteractionPlace = 'guild',
) {
  const body = fake.interactions.commandInteraction(who, 'x', { where });
  const { data: _data, ...rest } = body;
  return send({
    ...rest,
    type: 3,
    data: { custom_id: customId, component_type: values ? 3 : 2, ...(values ? { values } : {}) },
    message: { id: '1300000000000000001', channel_id: '1100000000000000002', content: '' },
  } as InteractionBody);
}
type Data = {
  content?: string;
  flags?: number;
  embeds?: Array<{
    title: string;
    description: string;
    thumbnail?: { url: string };
    image?: { url: string };
    fields?: Array<{ name: string; value: string }>;
    footer?: { text: string };
    url?: string;
  }>;
  components?: Array<{
    components: Array<{
      custom_id?: string;
      label?: string;
      url?: string;
      disabled?: boolean;
      options?: Array<{ value: string; default?: boolean }>;
      type: number;
    }>;
  }>;
  choices?: Array<{ name: string; value: string }>;
};
const dataOf = (sent: { answer?: { data?: unknown } }) => (sent.answer?.data ?? {}) as Data;
const idsOf = (data: Data) =>
  (data.components ?? []).flatMap((row) => row.components.map((c) => c.custom_id));
const callsTo = (method: string, prefix: string): Call[] =>
  services.calls.filter((c) => c.method === method && c.path.startsWith(prefix));

describe('/collection', () => {
  it.each(PLACES)('shows a page of five cards with thumbnails and pages with buttons (%s)', async (where) => {
    const sent = await command(en, 'collection', [], { where });
    expect(sent.answer?.type).toBe(4);
    const data = dataOf(sent);
    expect(data.content).toBe('**Your collection** · Page 1 of 3 · 12 cards');
    expect(data.embeds).toHaveLength(5);
    expect(data.embeds![0]).toMatchObject({
      title: '\\*\\*Frieren\\*\\*',
      description: 'S · Legendary · ×2 · \\#3 \\#9',
      thumbnail: { url: 'http://cards.test/api/cards/1/image?lang=en&print=3' },
    });
    expect(idsOf(data)).toEqual(['col:11:-1::', 'col:11:1::']);
    expect(data.components![0]!.components.map((b) => b.disabled)).toEqual([true, false]);
    // Asked as the member's site user, in their language, as the site asks.
    expect(callsTo('GET', '/api/collectors/')).toEqual([
      expect.objectContaining({
        path: '/api/collectors/11',
        identity: { userId: 11, adminLevel: 0, language: 'en' },
      }),
    ]);

    const next = await click(en, 'col:11:2::', undefined, where);
    expect(next.answer?.type).toBe(7);
    expect(dataOf(next).content).toBe('**Your collection** · Page 3 of 3 · 12 cards');
    expect(dataOf(next).embeds).toHaveLength(2);
    expect(dataOf(next).components![0]!.components.map((b) => b.disabled)).toEqual([false, true]);
  });

  it('filters by name and rank, and speaks Russian to a Russian client', async () => {
    const sent = await command(ru, 'collection', [
      { name: 'search', type: 3, value: 'hero 1' },
      { name: 'rank', type: 3, value: 'S' },
    ]);
    const data = dataOf(sent);
    // Hero 10, 11, 12 match "hero 1"; of them 11 is rank S (odd index → S).
    expect(data.content).toBe('**Ваша коллекция** · Страница 1 из 1 · 1 карта');
    expect(data.embeds!.map((e) => e.title)).toEqual(['Hero 11']);
    expect(data.embeds![0]!.thumbnail!.url).toContain('lang=ru');
    expect(data.components).toEqual([]);
    expect(callsTo('GET', '/api/collectors/')[0]!.identity.language).toBe('ru'); // A page button pressed from a user-installed app's DM, by a Russian client.
    const next = await click(ru, 'col:12:1::', undefined, 'private');
    expect(next.answer?.type).toBe(7);
    expect(dataOf(next).content).toBe('**Ваша коллекция** · Страница 2 из 3 · 12 карт');
    expect(dataOf(next).components![0]!.components.map((b) => b.label)).toEqual(['◀ Назад', 'Вперёд ▶']);
  });

  it("shows another member's collection, and only their name when they hide it", async () => {
    const theirs = await command(en, 'collection', [{ name: 'user', type: 6, value: ru.discordId }], {
      users: [ru],
    });
    expect(dataOf(theirs).content).toBe('**fan 12’s collection** · Page 1 of 3 · 12 cards'.replace('’', "'"));
    const hidden = await command(en, 'collection', [{ name: 'user', type: 6, value: other.discordId }], {
      users: [other],
    });
    expect(dataOf(hidden).content).toBe('\\_\\_other\\_\\_ keeps their collection hidden.');
    expect(dataOf(hidden).embeds).toBeUndefined();
  });

  it('autocompletes names from the collection and ranks from the catalogue', async () => {
    const names = await command(
      en,
      'collection',
      [{ name: 'search', type: 3, value: 'hero 1', focused: true }],
      {
        autocomplete: true,
      },
    );
    expect(names.answer?.type).toBe(8);
    expect(dataOf(names).choices!.map((c) => c.name)).toEqual(['Hero 10', 'Hero 11', 'Hero 12']);
    const ranks = await command(ru, 'collection', [{ name: 'rank', type: 3, value: 's', focused: true }], {
      autocomplete: true,
      where: 'private',
    });
    expect(dataOf(ranks).choices).toEqual([{ name: 'S · Legendary', value: 'S' }]);
  });
});

describe('text from members and the catalogue', () => {
  /** What is left when every backslash escape is taken out: markup characters here are live. */
  const live = (text = '') => text.replace(/\\[\s\S]/g, '').match(/[*_~`|>#\-[\]()<]/g) ?? [];

  it('shows hostile names as plain text in every embed, line and choice, pinging no one', async () => {
    const hostile = HOSTILE_STRINGS.slice(0, 25);
    const cards = hostile.map((name, i) => entry(i + 1, name, name.slice(0, 8)));
    services.route('GET /api/collectors/:id', (call) => ({
      body: {
        user: { id: 12, displayName: hostile[1]!, avatar: null, discordId: '1' },
        hidden: false,
        self: call.identity.userId === 12,
        cards,
        stats: null,
      },
    }));
    for (let page = 0; page < 5; page++) {
      const sent =
        page === 0
          ? await command(en, 'collection', [{ name: 'user', type: 6, value: ru.discordId }], { users: [ru] })
          : await click(en, `col:12:${page}::`);
      const data = dataOf(sent);
      expect(live(data.content?.replace(/^\*\*|\*\*(?= · )/g, ''))).toEqual([]);
      for (const embed of data.embeds ?? []) {
        expect(live(embed.title), JSON.stringify(embed.title)).toEqual([]);
        expect(live(embed.description)).toEqual([]);
        expect(`${embed.title}${embed.description}`).not.toMatch(/@(everyone|here)|\n|\u202e/i);
      }
    }
  });
});

describe('/view', () => {
  it.each([
    ['guild', en],
    ['dm', ru],
    ['private', en],
  ] as const)(
    'shows the card, the member’s prints, owners, likes and a Like button (%s)',
    async (where, who) => {
      const sent = await command(who, 'view', [{ name: 'card', type: 3, value: '1' }], { where });
      const embed = dataOf(sent).embeds![0]!;
      const lang = who === ru ? 'ru' : 'en';
      expect(embed.title).toBe(who === ru ? '\\*\\*Frieren\\*\\*\\-ru' : '\\*\\*Frieren\\*\\*');
      expect(embed.image!.url).toBe(`http://cards.test/api/cards/1/image?lang=${lang}&print=3`);
      expect(embed.fields).toEqual([
        {
          name: who === ru ? '3 владельца' : '3 owners',
          value: `${who === ru ? 'У вас 2 копии' : 'You own 2 copies'}\n\\#3 \\#9`,
          inline: false,
        },
      ]);
      expect(embed.footer!.text).toBe(who === ru ? '4 лайка' : '4 likes');
      expect(idsOf(dataOf(sent))).toEqual(['like:1']);
    },
  );

  it('likes the card once; a second like gets inventory’s refusal in the member’s language', async () => {
    const first = await click(ru, 'like:2');
    expect(dataOf(first)).toMatchObject({ content: 'Вам нравится эта карта. 5 лайков', flags: 64 });
    expect(callsTo('POST', '/api/cards/2/like')[0]!.identity).toMatchObject({ userId: 12, language: 'ru' });
    const other = await click(en, 'like:2', undefined, 'private');
    expect(dataOf(other)).toMatchObject({ content: 'You like this card. 5 likes', flags: 64 });
    const again = await click(ru, 'like:2', undefined, 'dm');
    expect(dataOf(again)).toMatchObject({ content: 'Вы уже отметили эту карту', flags: 64 });
  });

  it('autocompletes the member’s cards first, then the catalogue’s, in any language', async () => {
    const sent = await command(en, 'view', [{ name: 'card', type: 3, value: 'фер', focused: true }], {
      autocomplete: true,
    });
    // No copy of hers is owned; the catalogue finds Fern by her Russian name.
    expect(dataOf(sent).choices).toEqual([{ name: 'Fern · A', value: '40' }]);
    const mine = await command(en, 'view', [{ name: 'card', type: 3, value: 'frieren', focused: true }], {
      autocomplete: true,
    });
    expect(dataOf(mine).choices![0]).toEqual({ name: '**Frieren** · S ×2', value: '1' });
    const all = await command(en, 'view', [{ name: 'card', type: 3, value: '', focused: true }], {
      autocomplete: true,
    });
    expect(dataOf(all).choices!.length).toBeLessThanOrEqual(25);
    expect(
      dataOf(all)
        .choices!.slice(0, 12)
        .map((c) => c.value),
    ).toEqual(collection.map((e) => String(e.cardId)));
  });

  it('says so for an unknown card', async () => {
    const sent = await command(en, 'view', [{ name: 'card', type: 3, value: '999' }]);
    expect(dataOf(sent)).toMatchObject({ content: expect.stringMatching(/^No such card/), flags: 64 });
  });
});

describe('/profile', () => {
  it.each([
    [en, 'guild'],
    [ru, 'private'],
  ] as const)('counts by rank, completes the top anime and links to the site (%s)', async (who, where) => {
    const sent = await command(who, 'profile', [], { where });
    const embed = dataOf(sent).embeds![0]!;
    const id = siteIds.get(who.discordId);
    expect(embed.url).toBe(`http://cards.test/u/${id}`);
    expect(embed.fields!.map((f) => f.value)).toEqual([
      'S 7 · E 6',
      `${who === ru ? 'Провожающая' : 'Sousou no Frieren'}: 12/24 (50%)\nDungeon Meshi: 1/4 (25%)`,
    ]);
    expect(embed.description).toBe(who === ru ? 'Карт: 13 · персонажей: 12' : 'Cards: 13 · characters: 12');
    const link = dataOf(sent).components![0]!.components[0]!;
    expect(link).toMatchObject({
      url: `http://cards.test/u/${id}`,
      label: who === ru ? 'Открыть на сайте' : 'Open on the site',
    });
  });

  it('shows only the name of a member who hides their collection', async () => {
    const sent = await command(ru, 'profile', [{ name: 'user', type: 6, value: other.discordId }], {
      users: [other],
    });
    expect(dataOf(sent).content).toBe('\\_\\_other\\_\\_ скрывает свою коллекцию.');
  });
});

describe('/trade', () => {
  beforeEach(() => {
    services.route('GET /api/inventory/tradeable', (call) => {
      const user = Number(call.query.get('user_id'));
      const copy = (inventoryId: number, name: string, free: number) => ({
        inventoryId,
        cardId: inventoryId,
        characterName: name,
        characterNames: [name],
        imageUrl: null,
        limited: false,
        rank: { code: 'S', title: 'Legendary', color: '#ffaa00' },
        free,
      });
      return {
        body:
          user === 11
            ? [
                copy(601, 'Frieren', 2),
                copy(602, 'Himmel', 0),
                ...Array.from({ length: 30 }, (_, i) => copy(700 + i, `Spare ${i}`, 1)),
              ]
            : [copy(801, 'Fern', 1)],
      };
    });
    services.route('POST /trade/api', (call) => {
      const body = call.body as { toUserId: number };
      if (body.toUserId === call.identity.userId)
        return { status: 400, body: { error: 'You cannot trade with yourself', code: 'validation_failed' } };
      return { status: 201, body: { id: 77, status: 'pending' } };
    });
  });

  it.each(PLACES)('builds an offer with two menus and sends it through the trade API (%s)', async (where) => {
    const started = await command(en, 'trade', [{ name: 'user', type: 6, value: ru.discordId }], {
      where,
      users: [ru],
    });
    const data = dataOf(started);
    expect(data.flags).toBe(64);
    expect(data.content).toContain('Trade with **fan\\_2**');
    const [give, get, buttons] = data.components!;
    // Copies with nothing free are left out; a menu holds at most 25.
    expect(give!.components[0]!.options!.map((o) => o.value).slice(0, 2)).toEqual(['601', '700']);
    expect(give!.components[0]!.options).toHaveLength(25);
    expect(get!.components[0]!.options!.map((o) => o.value)).toEqual(['801']);
    const [giveId, getId, sendId, cancelId] = idsOf(data) as string[];
    expect(buttons!.components.map((b) => b.label)).toEqual(['Send offer', 'Cancel']);

    const picked = await click(en, giveId!, ['601'], where);
    expect(picked.answer?.type).toBe(7);
    expect(dataOf(picked).content).toContain('You give: Frieren · S');
    expect(dataOf(picked).components![0]!.components[0]!.options![0]).toMatchObject({
      value: '601',
      default: true,
    });
    await click(en, getId!, ['801', '999'], where);
    // Someone else's click changes nothing.
    const stranger = await click(other, sendId!, undefined, where);
    expect(dataOf(stranger)).toMatchObject({
      flags: 64,
      content: 'Only the member who started this offer can change it.',
    });

    const sent = await click(en, sendId!, undefined, where);
    expect(sent.answer?.type).toBe(7);
    expect(dataOf(sent)).toMatchObject({
      content: expect.stringContaining('Trade #77 offered to **fan\\_2**'),
      components: [],
    });
    expect(callsTo('POST', '/trade/api')).toEqual([
      expect.objectContaining({
        identity: { userId: 11, adminLevel: 0, language: 'en' },
        body: {
          toUserId: 12,
          fromItems: [{ inventoryId: 601, quantity: 1 }],
          toItems: [{ inventoryId: 801, quantity: 1 }],
        },
      }),
    ]);
    // The offer is gone once sent.
    const late = await click(en, cancelId!, undefined, where);
    expect(dataOf(late).content).toBe('This trade offer is no longer being built. Run /trade again.');
  });

  it('shows the trade service’s refusal and keeps the offer; Cancel discards it (ru)', async () => {
    const started = await command(ru, 'trade', [{ name: 'user', type: 6, value: ru.discordId }], {
      users: [ru],
    });
    expect(dataOf(started).content).toContain('Обмен с');
    const [, , sendId, cancelId] = idsOf(dataOf(started)) as string[];
    const refused = await click(ru, sendId!);
    expect(dataOf(refused)).toMatchObject({ content: 'You cannot trade with yourself', flags: 64 });
    const cancelled = await click(ru, cancelId!);
    expect(dataOf(cancelled)).toMatchObject({ content: 'Предложение обмена отменено.', components: [] });
  });
});

describe('/wish (against the wishlist contract)', () => {
  const wished = new Map<
    number,
    { characterId: number; name: string; imageUrl: null; animeTitle: string | null; addedAt: string }
  >();
  beforeEach(() => {
    wished.clear();
    wished.set(202, {
      characterId: 202,
      name: 'Stark',
      imageUrl: null,
      animeTitle: '*Frieren*',
      addedAt: '2026-11-01T00:00:00Z',
    });
    services.route('GET /api/wishlist', () => ({
      body: { items: [...wished.values()], limit: 2, dm: true },
    }));
    services.route('PUT /api/wishlist/:characterId', (call) => {
      const id = Number(call.path.split('/').at(-1));
      if (id === 999) return { status: 404, body: { error: 'Character 999 not found', code: 'not_found' } };
      if (!wished.has(id) && wished.size >= 2)
        return {
          status: 409,
          body: {
            error:
              call.identity.language === 'ru'
                ? 'В списке желаний не больше 2 персонажей'
                : 'A wishlist holds at most 2 characters',
            code: 'conflict',
          },
        };
      const added = !wished.has(id);
      wished.set(id, {
        characterId: id,
        name: id === 201 ? 'Fern' : `#${id}`,
        imageUrl: null,
        animeTitle: null,
        addedAt: '2026-11-02T00:00:00Z',
      });
      return { body: { added, count: wished.size, limit: 2 } };
    });
    services.route('DELETE /api/wishlist/:characterId', (call) => {
      const id = Number(call.path.split('/').at(-1));
      return { body: { removed: wished.delete(id) } };
    });
  });
  const sub = (name: string, character?: string, focused = false): CommandOptionBody[] => [
    {
      name,
      type: 1,
      options: character === undefined ? [] : [{ name: 'character', type: 3, value: character, focused }],
    },
  ];

  it.each(PLACES)('adds, lists and removes characters (%s)', async (where) => {
    const added = await command(en, 'wish', sub('add', '201'), { where });
    expect(dataOf(added)).toMatchObject({ content: 'Fern is on your wishlist (2/2).', flags: 64 });
    expect(callsTo('PUT', '/api/wishlist/201')[0]!.identity).toMatchObject({ userId: 11, language: 'en' });
    const list = await command(en, 'wish', sub('list'), { where });
    expect(dataOf(list).content).toBe('**Your wishlist (2/2)**\nStark · \\*Frieren\\*\nFern');
    const removed = await command(en, 'wish', sub('remove', '202'), { where });
    expect(dataOf(removed).content).toBe('Stark is off your wishlist.');
    const again = await command(en, 'wish', sub('remove', '202'), { where });
    // Gone from the wishlist, the character is named by its id (escaped: '#' is markdown).
    expect(dataOf(again).content).toBe('\\#202 was not on your wishlist.');
  });

  it('takes typed text as the first character found, and shows the limit refusal in Russian', async () => {
    const byName = await command(ru, 'wish', sub('add', 'ферн'));
    expect(dataOf(byName).content).toBe('Ферн в вашем списке желаний (2/2).');
    const over = await command(ru, 'wish', sub('add', '41'));
    expect(dataOf(over)).toMatchObject({ content: 'В списке желаний не больше 2 персонажей', flags: 64 });
    const unknown = await command(en, 'wish', sub('add', '999'));
    expect(dataOf(unknown).content).toBe('Character 999 not found');
  });

  it('autocompletes characters in any language, and says when the wishlist is empty', async () => {
    const sent = await command(ru, 'wish', sub('add', 'шта', true), { autocomplete: true });
    expect(dataOf(sent).choices).toEqual([{ name: 'Штарк', value: '202' }]);
    wished.clear();
    const empty = await command(en, 'wish', sub('list'), { where: 'private' });
    expect(dataOf(empty).content).toBe('Your wishlist is empty. Add characters with /wish add.');
  });
});

describe('deadlines', () => {
  it('answers autocomplete in time with no choices when the services are slow', async () => {
    services.state.delayMs = 3_500;
    const began = Date.now();
    const sent = await command(en, 'view', [{ name: 'card', type: 3, value: 'fr', focused: true }], {
      autocomplete: true,
    });
    const took = Date.now() - began;
    expect(sent.answer).toEqual({ type: 8, data: { choices: [] } });
    expect(took).toBeLessThan(3_000);
    services.state.delayMs = 0;
  });

  it('defers a slow command and edits the original message when the services answer', async () => {
    services.state.delayMs = DEFER_MS + 400;
    const sent = await command(ru, 'profile', [], { where: 'dm' });
    expect(sent.answer).toEqual({ type: 5 });
    const thread = await fake.interactions.messages.settled(sent.token, 5_000);
    expect(thread?.original?.embeds?.[0]?.description).toBe('Карт: 13 · персонажей: 12');
  });

  it('defers a slow ephemeral command as ephemeral, and a slow click as an update', async () => {
    services.state.delayMs = DEFER_MS + 400;
    const started = await command(en, 'trade', [{ name: 'user', type: 6, value: ru.discordId }], {
      users: [ru],
    });
    expect(started.answer).toEqual({ type: 5, data: { flags: 64 } });
    const built = await fake.interactions.messages.settled(started.token, 5_000);
    const next = await click(en, 'col:11:1::');
    expect(next.answer).toEqual({ type: 6 });
    const page = await fake.interactions.messages.settled(next.token, 5_000);
    expect(page?.original?.content).toBe('**Your collection** · Page 2 of 3 · 12 cards');
    expect(built?.original?.content).toContain('Trade with');
  });

  it('turns services that are down into a polite ephemeral message', async () => {
    services.route('GET /api/collectors/:id', () => ({
      status: 503,
      body: { error: 'down', code: 'service_unavailable' },
    }));
    const sent = await command(en, 'collection');
    expect(dataOf(sent)).toMatchObject({ flags: 64, content: expect.stringMatching(/closed for a moment/) });
  });
});
