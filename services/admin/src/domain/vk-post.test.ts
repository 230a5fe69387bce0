import { longPostText, REPOST_SOURCE_ID } from '@acg/fakes';
import { HOSTILE_STRINGS } from '@acg/platform/testing';
import { describe, expect, it } from 'vitest';
import type { DiscordEmbed } from '../relay/discord';
import type { WallPost } from '../relay/vk';
import { fitEmbed, isFresh, nonceOf, postUrl, toDiscordMessage } from './vk-post';

/** Discord's embed limits as documented (message resource, "Embed Limits"), in characters. */
const LIMITS = { title: 256, description: 4096, fieldValue: 1024, footer: 2048, author: 256, total: 6000 };
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Every text of an embed is valid UTF-8 (no lone surrogate) and within Discord's limits. */
function expectValidEmbed(e: DiscordEmbed) {
  const texts = [
    e.title ?? '',
    e.description ?? '',
    e.footer?.text ?? '',
    e.author?.name ?? '',
    ...(e.fields ?? []).flatMap((f) => [f.name, f.value]),
  ];
  for (const text of texts) {
    expect(text).not.toMatch(LONE_SURROGATE);
    // A lone surrogate cannot be encoded: UTF-8 round trip keeps the text as it is.
    expect(new TextDecoder().decode(new TextEncoder().encode(text))).toBe(text);
    // No escaping backslash left alone at the end, before the ellipsis.
    expect(text).not.toMatch(/(^|[^\\])(\\\\)*\\…$/);
  }
  expect((e.title ?? '').length).toBeLessThanOrEqual(LIMITS.title);
  expect((e.description ?? '').length).toBeLessThanOrEqual(LIMITS.description);
  expect((e.footer?.text ?? '').length).toBeLessThanOrEqual(LIMITS.footer);
  expect((e.author?.name ?? '').length).toBeLessThanOrEqual(LIMITS.author);
  for (const f of e.fields ?? []) expect(f.value.length).toBeLessThanOrEqual(LIMITS.fieldValue);
  expect(texts.join('').length).toBeLessThanOrEqual(LIMITS.total);
}

const post = (over: Partial<WallPost> = {}): WallPost => ({
  id: 120,
  owner_id: -203998877,
  date: 1_700_000_000,
  text: 'Новый сезон уже в коллекции! @everyone',
  attachments: [
    {
      type: 'photo',
      photo: {
        sizes: [
          { url: 'https://img/s.jpg', width: 75, height: 50 },
          { url: 'https://img/w.jpg', width: 1280, height: 853 },
          { url: 'https://img/x.jpg', width: 604, height: 403 },
        ],
      },
    },
    { type: 'link', link: { url: 'https://example.org/a', title: 'Анонс' } },
  ],
  ...over,
});

describe('a VK post as a Discord message', () => {
  it('is one embed: group name, link to the post, text with links, the largest photo, the time', () => {
    const msg = toDiscordMessage(post(), 'Аниме карточки');
    expect(msg.embeds).toEqual([
      {
        title: 'Аниме карточки',
        url: 'https://vk.com/wall-203998877_120',
        // @everyone broken by a zero-width space; the link's address shown in full, not masked.
        description: 'Новый сезон уже в коллекции! @\u200beveryone\n\nАнонс <https://example.org/a>',
        timestamp: new Date(1_700_000_000_000).toISOString(),
        color: 0x0077ff,
        image: { url: 'https://img/w.jpg' },
        footer: { text: 'VK' },
      },
    ]);
    // Never pings anyone, whatever the text says.
    expect(msg.allowed_mentions).toEqual({ parse: [] });
    expect(msg.enforce_nonce).toBe(true);
  });

  it("cuts long text to Discord's limit and names an unnamed group by its id", () => {
    const msg = toDiscordMessage(post({ text: 'я'.repeat(5000), attachments: [] }), '  ');
    expect(msg.embeds[0]?.description).toHaveLength(4096);
    expect(msg.embeds[0]?.description?.endsWith('…')).toBe(true);
    expect(msg.embeds[0]?.title).toBe('VK -203998877');
    expect(msg.embeds[0]?.image).toBeUndefined();
  });

  it('has a nonce of at most 25 characters, the same for the same post and different for another', () => {
    expect(nonceOf(-203998877, 120)).toHaveLength(25);
    expect(nonceOf('-203998877', 120)).toBe(nonceOf(-203998877, 120));
    expect(nonceOf(-203998877, 121)).not.toBe(nonceOf(-203998877, 120));
  });

  it('counts as fresh within the threshold, never when it is an advertisement', () => {
    const now = 1_700_000_000 + 1800;
    expect(isFresh(post(), now, 1800)).toBe(true);
    expect(isFresh(post(), now + 1, 1800)).toBe(false);
    expect(isFresh(post({ marked_as_ads: 1 }), now, 1800)).toBe(false);
    expect(postUrl({ owner_id: 1, id: 2 })).toBe('https://vk.com/wall1_2');
  });

  it('turns hostile post texts, group names and link titles into plain text that pings no one', () => {
    for (const hostile of HOSTILE_STRINGS) {
      const msg = toDiscordMessage(
        post({
          text: hostile,
          attachments: [{ type: 'link', link: { url: 'https://vk.com/x', title: hostile } }],
        }),
        hostile,
      );
      const embed = msg.embeds[0]!;
      for (const field of [embed.title ?? '', embed.description ?? '']) {
        // No markdown character stands unescaped (a backslash makes the next one literal).
        // The one markup allowed is the link's own `<https://vk.com/x>`.
        const rest = field.replace('<https://vk.com/x>', '').replace(/\\[\s\S]/g, '');
        expect(rest.match(/[*_~`|>#\-[\]()<]/g) ?? [], JSON.stringify(hostile.slice(0, 40))).toEqual([]);
        expect(field).not.toMatch(/@(everyone|here)|\u202e/i);
        expect(field).not.toMatch(/(^|[^\\])<@/);
      }
      expect(embed.title!.length).toBeLessThanOrEqual(256);
      expect(embed.description!.length).toBeLessThanOrEqual(4096);
      // Unless the text fills the embed, the link follows it.
      if (embed.description!.length < 4000) expect(embed.description).toContain('<https://vk.com/x>');
      expect(msg.allowed_mentions).toEqual({ parse: [] });
    }
  });

  it('cuts a 5,000-character post with emoji at the cut on whole characters, within the limits', () => {
    const text = longPostText(5000);
    const msg = toDiscordMessage(post({ text }), 'Аниме карточки');
    const embed = msg.embeds[0]!;
    expectValidEmbed(embed);
    expect(embed.description!.length).toBeGreaterThan(4000);
    expect(embed.description).toContain('…');
    // The link attachment still follows the cut text.
    expect(embed.description!.endsWith('Анонс <https://example.org/a>')).toBe(true);
    // Each cut of the long text at every length near the limit stays valid (bounded: 40 lengths).
    for (let n = 4080; n < 4120; n++)
      expectValidEmbed(toDiscordMessage(post({ text: text.slice(0, n) }), 'x').embeds[0]!);
  });

  it('relays a repost: the original\'s text, link and first picture under "Repost from {source}"', () => {
    const repost = post({
      text: '',
      attachments: [],
      copy_history: [
        {
          id: 77,
          owner_id: REPOST_SOURCE_ID,
          date: 1_699_990_000,
          text: 'Оригинал: новый трейлер!',
          attachments: [
            {
              type: 'photo',
              photo: { sizes: [{ url: 'https://img/orig-w.jpg', width: 1280, height: 853 }] },
            },
            {
              type: 'photo',
              photo: { sizes: [{ url: 'https://img/orig2-w.jpg', width: 1280, height: 853 }] },
            },
            { type: 'link', link: { url: 'https://example.org/trailer', title: 'Трейлер' } },
          ],
        },
      ],
    });
    const owners = new Map([[REPOST_SOURCE_ID, 'Аниме новости | AniNews']]);
    const en = toDiscordMessage(repost, 'Аниме карточки', { owners }).embeds[0]!;
    expectValidEmbed(en);
    expect(en.description).toBe(
      'Repost from Аниме новости \\| AniNews <https://vk.com/wall-187654321_77>\n\nОригинал: новый трейлер!\n\nТрейлер <https://example.org/trailer>',
    );
    expect(en.image).toEqual({ url: 'https://img/orig-w.jpg' });
    // The embed still links the post on the relayed group's wall.
    expect(en.url).toBe('https://vk.com/wall-203998877_120');
    const ru = toDiscordMessage(repost, 'Аниме карточки', { owners, language: 'ru' }).embeds[0]!;
    expect(
      ru.description?.startsWith('Репост: Аниме новости \\| AniNews <https://vk.com/wall-187654321_77>'),
    ).toBe(true);
    // A source wall.get did not name is named by its id.
    const unnamed = toDiscordMessage(repost, 'x').embeds[0]!;
    expect(unnamed.description?.startsWith('Repost from VK \\-187654321 <')).toBe(true);
  });

  it('relays a post of pictures only as its first picture, with no empty description', () => {
    const pictures = post({
      text: '',
      attachments: [
        { type: 'photo', photo: { sizes: [{ url: 'https://img/p1.jpg', width: 1280, height: 853 }] } },
        { type: 'photo', photo: { sizes: [{ url: 'https://img/p2.jpg', width: 1280, height: 853 }] } },
      ],
    });
    const embed = toDiscordMessage(pictures, 'Аниме карточки').embeds[0]!;
    expect(embed.image).toEqual({ url: 'https://img/p1.jpg' });
    expect(embed).not.toHaveProperty('description');
    expectValidEmbed(embed);
  });

  it('fits every field of an embed, and the total, on whole characters', () => {
    const emoji = '🎉'.repeat(3000);
    const fitted = fitEmbed({
      title: emoji,
      description: emoji,
      footer: { text: emoji },
      author: { name: emoji },
      fields: [{ name: 'a', value: emoji }],
    });
    expectValidEmbed(fitted);
    expect(fitted.title!.length).toBe(255);
    expect(fitted.fields![0]!.value.length).toBe(1023);
  });
});
