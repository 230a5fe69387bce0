import { HOSTILE_STRINGS } from '@acg/platform/testing';
import { describe, expect, it } from 'vitest';
import type { WallPost } from '../relay/vk';
import { isFresh, nonceOf, postUrl, toDiscordMessage } from './vk-post';

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
});
