/** The card image endpoint renders every card (requirements M7). */
export const cardImageUrl = (cardId: number) => `/api/cards/${cardId}/image`;

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
