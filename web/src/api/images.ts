import { CARD_IMAGE_WIDTHS } from '@acg/contracts/card-image';

/** What a card image shows beyond the card: a copy's print number, the viewer's language, a width. */
export interface CardFace {
  print?: number | null;
  lang?: string;
  width?: (typeof CARD_IMAGE_WIDTHS)[number];
}

/**
 * The card image endpoint renders every card (requirements M7); with a face, one copy of it
 * (its print number), in the viewer's language, at a width the page draws.
 */
export function cardImageUrl(cardId: number, face: CardFace = {}): string {
  const query = new URLSearchParams();
  if (face.print) query.set('print', String(face.print));
  if (face.lang === 'en' || face.lang === 'ru') query.set('lang', face.lang);
  if (face.width) query.set('w', String(face.width));
  const search = query.toString();
  return `/api/cards/${cardId}/image${search ? `?${search}` : ''}`;
}

/** The served width for a card drawn `drawnWidth` CSS px wide at a device pixel ratio: 1× or 2×. */
export const cardImageWidth = (drawnWidth: number, pixelRatio: number): (typeof CARD_IMAGE_WIDTHS)[number] =>
  CARD_IMAGE_WIDTHS.find((w) => w >= drawnWidth * Math.min(Math.max(pixelRatio, 1), 2)) ??
  CARD_IMAGE_WIDTHS[1];

const DISCORD_CDN = 'https://cdn.discordapp.com';

/** A Discord avatar from the Discord id and the avatar hash (requirements M7); null without a hash. */
export const discordAvatarUrl = (discordId: string | null | undefined, hash: string | null | undefined) =>
  discordId && hash
    ? `${DISCORD_CDN}/avatars/${encodeURIComponent(discordId)}/${encodeURIComponent(hash)}.png`
    : null;

const SHIKIMORI_HOSTS = new Set(['shikimori.one', 'shikimori.me', 'shikimori.org']);

/**
 * Where the browser loads a picture from. Our own paths and inline images load as they are;
 * external pictures only ever through our image proxy (requirements M7, requirements O7): Discord's CDN by
 * /api/proxy/discord/{path}, Shikimori by /api/proxy/shikimori/{path}, any other http(s) URL by
 * /api/proxy-image?url=. The page's CSP allows images from our origin only. Anything else
 * (another scheme, a malformed URL) is no picture.
 */
export function imageSource(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (/^data:image\//i.test(url) || url.startsWith('blob:')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const path = `${parsed.pathname.replace(/^\/+/, '')}${parsed.search}`;
  if (parsed.host === 'cdn.discordapp.com') return `/api/proxy/discord/${path}`;
  if (SHIKIMORI_HOSTS.has(parsed.host)) return `/api/proxy/shikimori/${path}`;
  return `/api/proxy-image?url=${encodeURIComponent(parsed.href)}`;
}
