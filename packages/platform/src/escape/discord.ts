/**
 * Discord markdown: the one rule for putting user and third-party text (usernames, trade notes,
 * character names, VK posts) into a Discord message. The text shows as written and can never
 * become markup: every markdown character is backslash-escaped (Discord drops a backslash before
 * any punctuation and shows the character), so bold, italics, strikes, spoilers, code, quotes,
 * headings, lists and masked links `[text](url)` cannot form; `<` is escaped, so a mention
 * (`<@id>`, `<@!id>`, `<@&role>`, `<#channel>`), a custom emoji or a timestamp cannot form;
 * `@everyone` and `@here` get a zero-width space after the `@`. Bidirectional overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) and control characters are removed, so text cannot
 * reorder what follows it. Every message also goes out with `NO_PINGS` (allowed_mentions), so
 * even text that slipped past this rule would ping no one.
 */

/** `allowed_mentions` for every message the bots send: they never mean to ping anyone. */
export const NO_PINGS = Object.freeze({ parse: [] as never[] });
export type AllowedMentions = { parse: never[] };

/** Characters with a meaning in Discord markdown, escaped wherever they stand. */
const MARKUP = /[\\*_~`|>#\-[\]()<]/g;
/** Bidi overrides/isolates and control characters other than tab and line feed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this matches
const INVISIBLE_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;

function escapeLine(line: string): string {
  return (
    line
      .replace(MARKUP, (c) => `\\${c}`)
      // A numbered list item ("1. ") or a "+ " bullet at the start of a line.
      .replace(/^(\s*\d+)\./, '$1\\.')
      .replace(/^(\s*)\+/, '$1\\+')
      .replace(/@(everyone|here)/gi, '@\u200b$1')
  );
}

/** Text of several lines (a VK post): line breaks kept, every line escaped. */
export function discordText(text: string): string {
  return text.replace(LINE_BREAK, '\n').replace(INVISIBLE_CONTROL, '').split('\n').map(escapeLine).join('\n');
}

/**
 * Text on one line (a name, a trade note): line breaks and tabs become spaces first, so the text
 * cannot start lines of its own (no second "You get:" list under a note).
 */
export function discordInline(text: string): string {
  return escapeLine(text.replace(LINE_BREAK, ' ').replace(/\t/g, ' ').replace(INVISIBLE_CONTROL, ''));
}

/**
 * A link from third-party data: its title as escaped text and its address shown in full
 * (`title <https://…>`), never a masked link whose text could pretend to be another address.
 * Only http(s) addresses are shown; anything else leaves the title alone.
 */
export function discordLink(title: string, address: string): string {
  const name = discordInline(title.trim());
  let href: string | undefined;
  try {
    const url = new URL(address);
    // WHATWG serialisation percent-encodes `<`, `>`, spaces and quotes, so `<…>` stays one link.
    if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
  } catch {
    href = undefined;
  }
  if (!href) return name;
  return name ? `${name} <${href}>` : `<${href}>`;
}

/** Discord's documented limits on one embed, in characters (message resource, "Embed Limits"). */
export const EMBED_LIMITS = Object.freeze({
  title: 256,
  description: 4096,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  /** title + description + field names and values + footer text + author name, all embeds. */
  total: 6000,
});

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Cuts to at most `max` characters, ellipsis included, on whole grapheme clusters: never half an
 * emoji, a lone surrogate or a letter without its accent. Lengths are UTF-16 units, never fewer
 * than Discord's count (code points), so a cut text always fits. A cut never leaves a lone
 * escaping backslash at the end (it would escape the ellipsis or vanish).
 */
export function cutDiscord(text: string, max: number, ellipsis = '…'): string {
  if (text.length <= max) return text;
  const room = max - ellipsis.length;
  if (room <= 0) return ellipsis.slice(0, Math.max(0, max));
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > room) break;
    end = index + segment.length;
  }
  let cut = text.slice(0, end);
  const trailing = /\\+$/.exec(cut)?.[0].length ?? 0;
  if (trailing % 2 === 1) cut = cut.slice(0, -1);
  return `${cut}${ellipsis}`;
}
