import { parse as parseBBCode } from '@bbob/parser';
import { decodeHTML } from 'entities';

/**
 * Descriptions from AniList and Shikimori as the product stores and shows them (issue 28): one
 * small, safe dialect of Markdown that the web renders through its one renderer
 * (web/src/components/RichText.tsx, markdown-it without HTML, then sanitised):
 *
 * - paragraphs split by a blank line, line breaks kept;
 * - `**bold**` and `*italic*`;
 * - links `[text](url)` only for http and https addresses (any other link keeps its text only);
 * - spoilers `!!hidden text!!`, shown on a click;
 * - HTML entities decoded (`&nbsp;` is a space), no HTML tag left, no picture.
 *
 * AniList writes Markdown of its own (`__bold__`, `~!spoiler!~`, `[text](url)`, `<br>` and a
 * few tags); Shikimori writes BBCode (`[character=1]Name[/character]`, `[spoiler]…[/spoiler]`,
 * `[url=…]…[/url]`, `[b]`, `[i]`) with HTML entities.
 */

const SAFE_URL = /^https?:\/\/[^\s<>"]+$/i;
const safeUrl = (url: string): string | undefined => {
  const u = decodeHTML(url.trim());
  return SAFE_URL.test(u) ? u.replace(/[()]/g, (c) => encodeURIComponent(c)) : undefined;
};

/** Decoded text with `&nbsp;` and its kin as plain spaces. */
const decoded = (text: string) => decodeHTML(text).replace(/[\u00a0\u2007\u202f]/g, ' ');

/** Text with every character Markdown could read as markup escaped (line starts: escapeLineStarts). */
export const escapeMarkdown = (text: string): string => text.replace(/[\\`*_[\]!~|<>]/g, (c) => `\\${c}`);
/** Line starts Markdown would read as a heading, a list item or a numbered item, escaped. */
const escapeLineStarts = (text: string): string =>
  text
    .replace(
      /^([ \t]*)(#{1,6}(?=\s|$)|[-+](?=\s))/gm,
      (_m, space: string, mark: string) => `${space}\\${mark}`,
    )
    .replace(/^([ \t]*\d+)([.)])(?=\s)/gm, (_m, number: string, mark: string) => `${number}\\${mark}`);

/** Blank lines between paragraphs at most, no trailing spaces, trimmed; null when nothing is left. */
function tidy(text: string): string | null {
  const out = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return out === '' ? null : out;
}

/** A spoiler's text on one line (the spoiler mark does not cross paragraphs). */
const spoiler = (inner: string) => {
  const text = inner.replace(/\s*\n+\s*/g, ' ').trim();
  return text ? `!!${text}!!` : '';
};

// --- AniList ---

const ANILIST_TAGS: Array<[RegExp, string]> = [
  [/<br\s*\/?>\n?/gi, '\n'],
  [/<\/p>\s*<p[^>]*>/gi, '\n\n'],
  [/<\/?(?:b|strong)\s*>/gi, '**'],
  [/<\/?(?:i|em)\s*>/gi, '*'],
];

/** AniList's inline pictures and videos (`img220(url)`, `youtube(id)`, `webm(url)`) and centring. */
const ANILIST_MEDIA = /\b(?:img\d*%?|image|youtube|webm)\([^)]*\)|~{3}/gi;

/** One part of an AniList text outside spoilers: tags, links and entities as the dialect has them. */
function anilistPart(text: string): string {
  let out = text;
  for (const [pattern, replacement] of ANILIST_TAGS) out = out.replace(pattern, replacement);
  out = out.replace(
    /<a\s[^>]*href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
    (_m, href: string, inner: string) => {
      const url = safeUrl(href);
      return url ? `[${inner}](${url})` : inner;
    },
  );
  out = out.replace(/<[^>]*>/g, '').replace(ANILIST_MEDIA, '');
  // Markdown links: kept for http(s), else only their text.
  out = out.replace(
    /!?\[([^\]]*)\]\(\s*((?:[^()\s]|\([^()\s]*\))*)(?:\s+"[^"]*")?\s*\)/g,
    (_m, inner: string, href: string) => {
      const url = safeUrl(href);
      return url ? `[${inner}](${url})` : inner;
    },
  );
  // A lone `!` (not a spoiler mark) stays a `!`.
  out = out.replace(/!/g, '\\!');
  return decoded(out).replace(/[<>]/g, (c) => `\\${c}`);
}

/** An AniList description (its Markdown, `asHtml: false`) in the product's dialect. */
export function descriptionFromAnilist(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const parts: string[] = [];
  let last = 0;
  for (const m of raw.matchAll(/~!([\s\S]*?)!~/g)) {
    parts.push(anilistPart(raw.slice(last, m.index)));
    parts.push(spoiler(anilistPart(m[1] ?? '')));
    last = (m.index ?? 0) + m[0].length;
  }
  parts.push(anilistPart(raw.slice(last)));
  return tidy(parts.join(''));
}

// --- Shikimori ---

interface BBNode {
  tag: string;
  attrs?: Record<string, string>;
  content?: BBTree;
}
type BBTree = Array<string | BBNode>;

/** The value of `[tag=value]`: bbob reads it as an attribute named after itself. */
const tagValue = (node: BBNode): string | undefined => {
  const keys = Object.keys(node.attrs ?? {});
  return keys.length > 0 ? (node.attrs?.[keys[0]!] ?? keys[0]) : undefined;
};
const textOf = (tree: BBTree | undefined): string =>
  (tree ?? []).map((n) => (typeof n === 'string' ? n : textOf(n.content))).join('');

function shikimoriNode(node: BBNode): string {
  const inner = shikimoriTree(node.content);
  switch (node.tag.toLowerCase()) {
    case 'b':
    case 'strong':
      return inner.trim() ? `**${inner}**` : inner;
    case 'i':
    case 'em':
      return inner.trim() ? `*${inner}*` : inner;
    case 'spoiler':
    case 'spoiler_block':
      return spoiler(inner);
    case 'url': {
      const url = safeUrl(tagValue(node) ?? textOf(node.content));
      return url ? `[${inner || escapeMarkdown(url)}](${url})` : inner;
    }
    case 'br':
      return '\n';
    case 'quote':
    case 'div':
    case 'p':
      return `\n\n${inner}\n\n`;
    case 'img':
    case 'image':
    case 'poster':
    case 'video':
      return '';
    default:
      // [character=1]Name[/character], [anime=…], [u], [s], [size=…], [color=…], [center]…: the text.
      return inner;
  }
}

function shikimoriTree(tree: BBTree | undefined): string {
  return (tree ?? [])
    .map((n) => (typeof n === 'string' ? escapeMarkdown(decoded(n)) : shikimoriNode(n)))
    .join('');
}

/** The BBCode tags Shikimori writes; any other `[word]` is text. */
const SHIKIMORI_TAGS = [
  ...['b', 'strong', 'i', 'em', 'u', 's', 'spoiler', 'spoiler_block', 'url', 'br', 'quote', 'div', 'p'],
  ...['img', 'image', 'poster', 'video', 'character', 'anime', 'manga', 'ranobe', 'person', 'people'],
  ...['size', 'color', 'center', 'right', 'left', 'list', 'h3', 'hr', 'replies', 'source', 'comment'],
];

/** A Shikimori description (BBCode with HTML entities) in the product's dialect. */
export function descriptionFromShikimori(raw: string | null | undefined): string | null {
  if (!raw) return null;
  // `[br]` and HTML line breaks alike.
  const text = raw.replace(/<br\s*\/?>\n?/gi, '\n');
  const tree = parseBBCode(text, { onlyAllowTags: SHIKIMORI_TAGS }) as unknown as BBTree;
  // The parser splits text at spaces: what would open a heading, list or quote is seen per line.
  return tidy(escapeLineStarts(shikimoriTree(tree)));
}
