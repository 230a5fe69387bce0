import { describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS } from './hostile-strings';
import { cutDiscord, discordInline, discordLink, discordText, NO_PINGS } from './index';

/**
 * Discord's rule, written independently of the code under test: a backslash makes the next
 * character literal. These are the characters that start markup anywhere in a line.
 */
const MARKUP = new Set(['*', '_', '~', '`', '|', '>', '#', '-', '[', ']', '(', ')', '<']);

/** The markup characters left unescaped, and the text a reader sees (backslash escapes dropped). */
function read(out: string): { bare: string[]; shown: string } {
  const bare: string[] = [];
  let shown = '';
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!;
    if (c === '\\' && i + 1 < out.length) {
      shown += out[++i];
      continue;
    }
    if (MARKUP.has(c)) bare.push(c);
    shown += c;
  }
  return { bare, shown };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this matches
const REMOVED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

describe('Discord escaping', () => {
  it('leaves no markup character unescaped and shows the text as written, for the whole corpus', () => {
    for (const s of HOSTILE_STRINGS) {
      for (const [name, out, expected] of [
        ['inline', discordInline(s), s.replace(/\r\n|[\r\n\u0085\u2028\u2029\t]/g, ' ')],
        ['text', discordText(s), s.replace(/\r\n|[\r\u0085\u2028\u2029]/g, '\n')],
      ] as const) {
        const { bare, shown } = read(out);
        expect(bare, `${name}: ${JSON.stringify(s.slice(0, 60))}`).toEqual([]);
        // What a reader sees is the original, less the invisible characters, with @everyone/@here
        // broken by a zero-width space.
        expect(shown.replace(/@\u200b/g, '@')).toBe(expected.replace(REMOVED, ''));
        expect(out).not.toMatch(/@(everyone|here)/i);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this matches
        expect(out).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u0000-\u0008]/);
      }
    }
  });

  it('keeps a note on one line: no line of its own, no list, no heading, no masked link, no mention', () => {
    const note =
      'hi\n**You get:**\n- Asuka Langley Soryu ×50 (Legendary)\n[Claim your bonus](http://evil.example/claim) <@123456789012345678>';
    const out = discordInline(note);
    expect(out).not.toContain('\n');
    expect(out).toBe(
      'hi \\*\\*You get:\\*\\* \\- Asuka Langley Soryu ×50 \\(Legendary\\) \\[Claim your bonus\\]\\(http://evil.example/claim\\) \\<@123456789012345678\\>',
    );
  });

  it('escapes line-start structures in multi-line text: headings, quotes and lists', () => {
    expect(discordText('# big\n> quote\n1. one\n+ plus\n- dash')).toBe(
      '\\# big\n\\> quote\n1\\. one\n\\+ plus\n\\- dash',
    );
  });

  it('shows a third-party link with its address in full, never masked, and drops non-http schemes', () => {
    expect(discordLink('Claim [bonus]', 'http://evil.example/a b>c')).toBe(
      'Claim \\[bonus\\] <http://evil.example/a%20b%3Ec>',
    );
    expect(discordLink('Run', 'javascript:alert(1)')).toBe('Run');
    expect(discordLink('', 'https://vk.com/x')).toBe('<https://vk.com/x>');
  });

  it('cuts without leaving a lone escaping backslash, and pings no one', () => {
    const escaped = discordInline('a*b*c*d');
    expect(escaped).toBe('a\\*b\\*c\\*d');
    // Cut after 'a\' would leave the backslash to escape the ellipsis.
    expect(cutDiscord(escaped, 3)).toBe('a…');
    expect(cutDiscord(escaped, 4)).toBe('a\\*…');
    expect(cutDiscord('short', 10)).toBe('short');
    expect(NO_PINGS).toEqual({ parse: [] });
  });

  it('cuts on whole characters: no half emoji, no lone surrogate, no accent torn from its letter', () => {
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    // 🎉 is two UTF-16 units; a family emoji (ZWJ sequence) is eleven; é here is e + U+0301.
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}\u200d\u{1F466}';
    for (const [text, max] of [
      ['abc🎉def', 5],
      [`ab${family}cd`, 6],
      ['abe\u0301cd', 5],
      ['🎉🎉🎉🎉', 4],
    ] as const) {
      for (let m = 1; m <= max + 2; m++) {
        const out = cutDiscord(text, m);
        expect(out.length, `${text} at ${m}`).toBeLessThanOrEqual(m);
        expect(out, `${text} at ${m}`).not.toMatch(lone);
        // What is kept is a whole-character prefix of the original.
        const kept = out.endsWith('…') && out !== text ? out.slice(0, -1) : out;
        expect(text.startsWith(kept)).toBe(true);
        expect([...new Intl.Segmenter().segment(kept)].map((s) => s.segment).join('')).toBe(kept);
      }
    }
    expect(cutDiscord('abc🎉def', 5)).toBe('abc…');
    expect(cutDiscord('abc🎉def', 6)).toBe('abc🎉…');
    expect(cutDiscord(`ab${family}cd`, 6)).toBe('ab…');
    expect(cutDiscord('abe\u0301cd', 4)).toBe('ab…');
    expect(cutDiscord('abe\u0301cd', 5)).toBe('abe\u0301…');
  });
});
