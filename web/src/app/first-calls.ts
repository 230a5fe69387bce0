import { PAGE_SIZE } from '../api/characters';
import { isForbidden, type Screen } from './screens';
import type { PageUser } from './state';

/**
 * The API calls a screen makes as soon as it is shown, by URL exactly as the screen asks for
 * them. The document preloads them (`<link rel="preload" as="fetch">`), so the answers travel
 * while the scripts download and run instead of after hydration; the screen's own fetch then
 * takes the preloaded answer. The server still calls no service to render.
 */
export function firstCalls(screen: Screen, user: PageUser | null): string[] {
  if (isForbidden(screen, user)) return [];
  switch (screen.name) {
    case 'home':
      return ['/api/stats'];
    case 'characters':
      return [
        `/api/characters?${new URLSearchParams({ limit: String(PAGE_SIZE) })}`,
        '/api/ranks',
        '/api/anime',
      ];
    case 'profile':
      return ['/api/me', '/api/inventory/my'];
    default:
      return [];
  }
}
