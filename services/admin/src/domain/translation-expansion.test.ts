import { describe, expect, it } from 'vitest';
import {
  EXPANDED_TEXT_MAX,
  EXPANDED_TOTAL_MAX,
  EXPANSION_DEPTH_MAX,
  expansionRefusal,
} from './translation-expansion';

/** `n` references to `key` in one text. */
const refs = (key: string, n: number) => Array.from({ length: n }, () => `$t(${key})`).join(' ');

describe('translation expansion', () => {
  it('lets ordinary nesting through: a few levels, options, plurals, missing keys, the fallback', () => {
    expect(
      expansionRefusal(
        {
          brand: 'Anime Cards',
          home: {
            title: 'Welcome to $t(brand)!',
            hint: '$t(home.title, {"context": "x"}) — $t(nowhere.key)',
          },
          cards: { plural: ['$t(brand): one card', '$t(brand): {{count}} cards'] },
          fromEnglish: 'See $t(onlyInEnglish)',
        },
        [{ onlyInEnglish: 'the English text' }],
      ),
    ).toBeUndefined();
  });

  it('refuses the issue’s attack: two texts of 200 $t() each (N² texts on every render)', () => {
    const leaf = 'x'.repeat(100);
    const refusal = expansionRefusal({ a: refs('b', 200), b: refs('c', 200), c: leaf });
    // 200 × 200 × 100 characters is far past the bound for one text.
    expect(refusal).toMatchObject({ reason: 'text', key: 'b' });
  });

  it('refuses nesting deeper than the bound, and a cycle', () => {
    const chain = (levels: number) =>
      Object.fromEntries(
        Array.from({ length: levels + 1 }, (_, i) => [`k${i}`, i === levels ? 'end' : `$t(k${i + 1})`]),
      );
    expect(expansionRefusal(chain(EXPANSION_DEPTH_MAX))).toBeUndefined();
    expect(expansionRefusal(chain(EXPANSION_DEPTH_MAX + 1))).toMatchObject({ reason: 'depth' });
    expect(expansionRefusal({ a: 'x $t(b)', b: 'y $t(a)' })).toMatchObject({ reason: 'cycle' });
    expect(expansionRefusal({ self: 'me: $t(self)' })).toMatchObject({ reason: 'cycle', key: 'self' });
  });

  it('follows keys into the fallback language, so an attack split across languages is refused', () => {
    const english = { b: refs('c', 150), c: 'y'.repeat(200) };
    expect(expansionRefusal({ a: 'hi $t(b)' }, [{}, english])).toMatchObject({ reason: 'text', key: 'b' });
  });

  it('measures exactly: at the bound a text passes, one character more is refused', () => {
    const part = 'z'.repeat(EXPANDED_TEXT_MAX / 4);
    const four = { p: part, t: '$t(p)$t(p)$t(p)$t(p)' };
    expect(expansionRefusal(four)).toBeUndefined();
    expect(expansionRefusal({ ...four, t: `${four.t}!` })).toMatchObject({
      reason: 'text',
      key: 't',
      size: EXPANDED_TEXT_MAX + 1,
    });
  });

  it('bounds the expanded total of the whole file', () => {
    const leaf = 'w'.repeat(5000);
    // 110 texts that each expand to exactly 20,000 characters (allowed one by one): 2.2 M in all.
    const many = Object.fromEntries(Array.from({ length: 110 }, (_, i) => [`t${i}`, '$t(leaf)'.repeat(4)]));
    const refusal = expansionRefusal({ leaf, ...many });
    expect(refusal).toMatchObject({ reason: 'total' });
    expect((refusal as { size: number }).size).toBeGreaterThan(EXPANDED_TOTAL_MAX);
  });

  it('measures the services’ texts in their own namespace, and i18next’s plural keys', () => {
    // `$t(b)` inside `server` is `server.b`, as the services' i18next resolves it.
    const attack = { server: { a: refs('b', 200), b: refs('c', 200), c: 'x'.repeat(100) } };
    expect(expansionRefusal(attack)).toMatchObject({ reason: 'text', key: 'server.b' });
    // The web's `b` is not the services' `b`.
    expect(expansionRefusal({ b: 'x'.repeat(5000), server: { a: refs('b', 10) } })).toBeUndefined();
    // `$t(cards, {"count": 2})` reads `cards_one`/`cards_other`: the longest form counts.
    const plural = {
      cards_one: 'one',
      cards_other: 'y'.repeat(6000),
      t: '$t(cards, {"count": 2})'.repeat(4),
    };
    expect(expansionRefusal(plural)).toMatchObject({ reason: 'text', key: 't', size: 24_000 });
  });
});
