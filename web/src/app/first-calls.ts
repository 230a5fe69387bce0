import { PAGE_SIZE } from '../api/characters';
import { urlOf } from '../api/client';
import { isForbidden, type Screen } from './screens';
import type { PageUser } from './state';

/**
 * The API calls a screen makes as soon as it is shown, by URL exactly as the screen asks for
 * them. The document preloads them (`<link rel="preload" as="fetch">`), so the answers travel
 * while the scripts download and run instead of after hydration; the screen's own fetch then
 * takes the preloaded answer (it builds its URL with the same urlOf). The server still calls no
 * service to render.
 */
export function firstCalls(
  screen: Screen,
  user: PageUser | null,
  address: URLSearchParams = new URLSearchParams(),
): string[] {
  // A 403 page loads nothing, except the catalogue's sign-in page: the featured cards.
  if (isForbidden(screen, user))
    return screen.name === 'characters' ? [urlOf('GET /api/cards/featured')] : [];
  switch (screen.name) {
    case 'home':
      return [urlOf('GET /api/stats'), urlOf('GET /api/cards/featured')];
    case 'characters':
      return [
        // The filters the address names (CharactersScreen), in the order fetchCharacterPage asks.
        urlOf('GET /api/characters', {
          query: {
            limit: PAGE_SIZE,
            anime_id: address.get('anime') || undefined,
            rank_code: address.get('rank') || undefined,
          },
        }),
        urlOf('GET /api/ranks'),
        urlOf('GET /api/anime'),
      ];
    case 'profile':
      return [urlOf('GET /api/me'), urlOf('GET /api/inventory/my')];
    default:
      return [];
  }
}
