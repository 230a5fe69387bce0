import type { CardSummary } from '@acg/contracts';
import { HOSTILE_STRINGS } from '@acg/platform/testing';
import { describe, expect, it } from 'vitest';
import { replies } from './replies';

const card = (over: Partial<CardSummary>): CardSummary => ({
  id: 7,
  characterId: 3,
  characterName: 'Frieren',
  characterAltname: null,
  characterImageUrl: null,
  rankCode: 'S',
  rankTitle: 'Legendary',
  rankColor: '#ffaa00',
  rankImageUrl: null,
  rankOrder: 1,
  seasonId: null,
  limited: false,
  imageUrl: null,
  rarityScore: 1,
  version: 'v1',
  ...over,
});

/** What is left when every backslash escape is taken out: markup characters here are live. */
const live = (text: string) => text.replace(/\\[\s\S]/g, '').match(/[*_~`|>#\-[\]()<]/g) ?? [];

describe('the drop embed', () => {
  it('shows catalogue names as plain text in its title and description, whatever they hold', () => {
    for (const hostile of HOSTILE_STRINGS) {
      const embed = replies('en').drop(
        card({ characterName: hostile, rankTitle: hostile, rankCode: hostile }),
        { quantity: 2, printNumber: 5 },
        'https://cards.example.org/',
      ).embeds![0]!;
      expect(live(embed.title), JSON.stringify(hostile.slice(0, 40))).toEqual([]);
      expect(live(embed.description)).toEqual([]);
      expect(`${embed.title}${embed.description}`).not.toMatch(/@(everyone|here)|\n|\u202e/i);
    }
    const plain = replies('en').drop(
      card({}),
      { quantity: 1, printNumber: null },
      'https://cards.example.org/',
    ).embeds![0]!;
    expect([plain.title, plain.description]).toEqual(['Frieren', 'S · Legendary']);
  });

  it('names the character in the user’s language, else English, else the primary name', () => {
    const names = { en: 'Frieren', ru: 'Фрирен', ja: 'フリーレン' };
    const title = (locale: 'en' | 'ru', over: Partial<CardSummary>) =>
      replies(locale).drop(card(over), { quantity: 1, printNumber: null }, 'https://cards.example.org/')
        .embeds![0]!.title;
    expect(title('ru', { characterNames: names })).toBe('Фрирен');
    expect(title('en', { characterNames: names })).toBe('Frieren');
    expect(title('ru', { characterNames: { ja: 'フリーレン' } })).toBe('Frieren');
    // An event from before names existed still reads.
    expect(title('ru', {})).toBe('Frieren');
  });

  it('names the copy’s print number in the user’s language, on the card image too', () => {
    const en = replies('en').drop(
      card({ limited: true }),
      { quantity: 3, printNumber: 12 },
      'https://cards.example.org/',
    ).embeds![0]!;
    expect(en.description).toBe('Print \\#12 · S · Legendary · Limited');
    expect(en.image?.url).toBe('https://cards.example.org/api/cards/7/image?lang=en&print=12');
    const ru = replies('ru').drop(card({}), { quantity: 1, printNumber: 1 }, 'https://cards.example.org')
      .embeds![0]!;
    expect(ru.description).toBe('Экземпляр № 1 · S · Legendary');
    expect(ru.image?.url).toBe('https://cards.example.org/api/cards/7/image?lang=ru&print=1');
  });

  it('writes the rank title in the user’s language, falling back to the primary title', () => {
    const titled = card({ rankTitles: { ru: 'Легендарная', ja: 'レジェンダリー' } });
    const description = (locale: 'en' | 'ru', c: CardSummary) =>
      replies(locale).drop(c, { quantity: 1, printNumber: null }, 'https://cards.example.org').embeds![0]!
        .description;
    expect(description('ru', titled)).toBe('S · Легендарная');
    expect(description('en', titled)).toBe('S · Legendary');
    expect(description('ru', card({ rankTitles: { ja: 'レジェンダリー' } }))).toBe('S · Legendary');
  });
});
