import { matchPath } from 'react-router';
import type { PageUser } from './state';

/** The screens of requirements M2; the path chooses one, anything unknown is home. */
export type Screen =
  | { name: 'home' }
  | { name: 'profile' }
  | { name: 'admin' }
  | { name: 'characters' }
  | { name: 'trade' }
  | { name: 'anime' }
  | { name: 'animeDetail'; animeId: string }
  | { name: 'collector'; userId: number }
  | { name: 'notFound' };
export type ScreenName = Screen['name'];

const exact: Record<string, Screen> = {
  '/profile': { name: 'profile' },
  '/characters': { name: 'characters' },
  '/trade': { name: 'trade' },
  '/anime': { name: 'anime' },
};

export function screenFor(pathname: string): Screen {
  // A trailing slash names the same page (/profile/ is the profile).
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // The spec says "any path starting with /admin": the admin area routes its own sub-paths.
  if (path.startsWith('/admin')) return { name: 'admin' };
  const known = exact[path];
  if (known) return known;
  const detail = matchPath('/anime/:animeId', path);
  if (detail?.params.animeId) return { name: 'animeDetail', animeId: detail.params.animeId };
  const collector = matchPath('/u/:id', path);
  const userId = Number(collector?.params.id);
  if (collector && /^[1-9]\d{0,9}$/.test(collector.params.id ?? '') && userId <= 2 ** 31 - 1)
    return { name: 'collector', userId };
  return { name: 'home' };
}

/** A collector's page (rules §57) and the trade form with them as the recipient. */
export const collectorPath = (userId: number): string => `/u/${userId}`;
export const tradeWithPath = (userId: number): string => `/trade?to=${userId}`;

/**
 * Screens that answer with a 403 message to a signed-out visitor: profile and trade (requirements M6),
 * and the character catalogue and collectors' pages, whose data is for signed-in users only (docs/rules.md).
 */
const signInRequired: ReadonlySet<ScreenName> = new Set(['profile', 'trade', 'characters', 'collector']);

export const isForbidden = (screen: Screen, user: PageUser | null): boolean =>
  user === null && signInRequired.has(screen.name);

/** HTTP status of the rendered page. */
export const statusFor = (screen: Screen, user: PageUser | null): number =>
  screen.name === 'notFound' ? 404 : isForbidden(screen, user) ? 403 : 200;

/**
 * The screen of the page's own address: the not-found page when the gateway found its id
 * unknown (`notFound` in the page state), else the screen the path chooses. The flag belongs to
 * the address the page was loaded with: after a navigation inside the app the path decides again.
 */
export const screenAt = (pathname: string, notFound: { pathname: string } | null): Screen =>
  notFound && notFound.pathname === pathname ? { name: 'notFound' } : screenFor(pathname);
