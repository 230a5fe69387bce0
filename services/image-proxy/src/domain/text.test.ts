import { describe, expect, it } from 'vitest';
import { clampGraphemes, cleanText, escapeXml, estimateEms, initials, splitInTwo } from './text';

describe('cleanText and escapeXml', () => {
  it('removes characters XML forbids and lone surrogates, and collapses spaces', () => {
    expect(cleanText('  Rem\u0000 \u0007and\u000B\n\tRam\uFFFF ')).toBe('Rem and Ram');
    expect(cleanText('a\uD800b')).toBe('a\uFFFDb');
  });

  it('escapes markup so a name can never become SVG', () => {
    expect(escapeXml(`<svg onload="x">&'`)).toBe('&lt;svg onload=&quot;x&quot;&gt;&amp;&apos;');
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words in any script', () => {
    expect(initials('Edward Elric')).toBe('EE');
    expect(initials('frieren')).toBe('F');
    expect(initials('Эдвард Элрик')).toBe('ЭЭ');
    expect(initials('牧瀬 紅莉栖')).toBe('牧紅');
    expect(initials('フリーレン')).toBe('フ');
    expect(initials('Roy "Flame" Mustang')).toBe('RF');
  });

  it('skips punctuation-only words and falls back to ?', () => {
    expect(initials('— Kurisu · Makise')).toBe('KM');
    expect(initials('   ')).toBe('?');
    expect(initials('!!!')).toBe('?');
  });
});

describe('lines and widths', () => {
  it('splits at the space nearest the middle, or mid-word for text without spaces', () => {
    expect(splitInTwo('Fullmetal Alchemist Edward Elric')).toEqual(['Fullmetal Alchemist', 'Edward Elric']);
    expect(splitInTwo('岡部倫太郎鳳凰院凶真')).toEqual(['岡部倫太郎', '鳳凰院凶真']);
    expect(splitInTwo('ジョセフ・ジョースター')).toEqual(['ジョセフ・', 'ジョースター']);
    expect(splitInTwo('Jean-Pierre Polnareff')).toEqual(['Jean-Pierre', 'Polnareff']);
    // A space far from the middle is not used.
    expect(splitInTwo('A Supercalifragilisticexpialidocious')).toEqual([
      'A Supercalifragili',
      'sticexpialidocious',
    ]);
  });

  it('clamps by graphemes, never splitting one', () => {
    expect(clampGraphemes('abcdef', 4)).toBe('abc…');
    expect(clampGraphemes('abc', 4)).toBe('abc');
    expect(clampGraphemes('👩‍👩‍👧‍👦👍🏽xyz', 3)).toBe('👩‍👩‍👧‍👦👍🏽…');
  });

  it('counts wide characters as one em and Latin as less', () => {
    expect(estimateEms('牧瀬')).toBe(2);
    expect(estimateEms('ab')).toBeCloseTo(1.24);
  });
});
