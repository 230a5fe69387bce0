/**
 * Text that goes into SVG: names come from the catalogue and test-image text from any
 * visitor, so every string is cleaned (no characters XML forbids, which would make the SVG
 * unparseable and the render fail) and escaped before it is placed in markup.
 */

// C0 controls other than tab/newline/CR, and the two non-characters XML 1.0 forbids.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must go
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** NFC, well-formed (lone surrogates replaced), no forbidden characters, single spaces. */
export function cleanText(text: string): string {
  return text
    .replace(LONE_SURROGATE, '\uFFFD')
    .normalize('NFC')
    .replace(XML_FORBIDDEN, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

export const escapeXml = (s: string): string =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** User-perceived characters (an emoji with modifiers or a letter with accents is one). */
export const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment);

/** At most `max` graphemes, the last replaced by an ellipsis when cut. */
export function clampGraphemes(text: string, max: number): string {
  const chars = graphemes(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** Up to two initials from the first letters of the first two words, in any script. */
export function initials(name: string): string {
  const words = cleanText(name)
    .split(/[\s·・_\-–—]+/u)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => {
    const first = graphemes(w).find((g) => /[\p{L}\p{N}]/u.test(g)) ?? '';
    return first.toLocaleUpperCase();
  });
  return letters.join('') || '?';
}

/**
 * Splits text into two lines of similar length: at the space nearest the middle (dropped), or
 * after a name separator (・, ·, -) near it (kept), else, for text without either (Japanese,
 * Chinese), at the middle grapheme.
 */
export function splitInTwo(text: string): [string, string] {
  const chars = graphemes(text);
  const middle = chars.length / 2;
  let best: { at: number; drop: number } | undefined;
  chars.forEach((c, i) => {
    const cut = c === ' ' ? { at: i, drop: 1 } : SEPARATORS.has(c) ? { at: i + 1, drop: 0 } : undefined;
    if (!cut || cut.at <= 0 || cut.at >= chars.length) return;
    if (!best || Math.abs(cut.at - middle) < Math.abs(best.at - middle)) best = cut;
  });
  // A break far from the middle would leave one line almost as long as the whole name.
  if (best && Math.abs(best.at - middle) <= chars.length * 0.3) {
    return [chars.slice(0, best.at).join(''), chars.slice(best.at + best.drop).join('')];
  }
  const cut = Math.ceil(middle);
  return [chars.slice(0, cut).join(''), chars.slice(cut).join('')];
}

const SEPARATORS = new Set(['・', '·', '-', '‐', '–']);

/**
 * Rough width of text in ems (Latin and Cyrillic about 0.62, wide East Asian characters 1):
 * enough to choose between one and two lines and to size a canvas; the exact fit is measured
 * on the rendered text.
 */
export function estimateEms(text: string): number {
  let ems = 0;
  for (const g of graphemes(text))
    ems +=
      /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|\p{Extended_Pictographic}/u.test(
        g,
      )
        ? 1
        : 0.62;
  return ems;
}
