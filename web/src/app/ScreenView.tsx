import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ForbiddenScreen } from '../screens/common/ForbiddenScreen';
import { NotFoundScreen } from '../screens/common/NotFoundScreen';
import { HomeScreen } from '../screens/home/HomeScreen';
import { isForbidden, type Screen } from './screens';
import { useSession } from './session';
import type { PageUser } from './state';

// Screens a first visit does not need are chunks of their own: the admin area (architecture §7),
// the catalogue (with its virtual grid), the profile and the anime pages. Home stays in the entry: it is the
// first page most visitors see. The server preloads the chunk of the page it renders, and
// hydration keeps the server's markup until the chunk has run, so nothing flashes.
const AdminScreen = lazy(() => import('../screens/admin/AdminScreen'));
const CharactersScreen = lazy(() =>
  import('../screens/characters/CharactersScreen').then((m) => ({ default: m.CharactersScreen })),
);
const AnimeSearchScreen = lazy(() =>
  import('../screens/anime/AnimeSearchScreen').then((m) => ({ default: m.AnimeSearchScreen })),
);
const AnimeDetailScreen = lazy(() =>
  import('../screens/anime/AnimeDetailScreen').then((m) => ({ default: m.AnimeDetailScreen })),
);
const TradeScreen = lazy(() =>
  import('../screens/trade/TradeScreen').then((m) => ({ default: m.TradeScreen })),
);
const CollectorScreen = lazy(() => import('../screens/collector/CollectorScreen'));
const ProfileScreen = lazy(() =>
  import('../screens/profile/ProfileScreen').then((m) => ({ default: m.ProfileScreen })),
);

const FEATURED_MODULE = 'src/screens/home/FeaturedCards.tsx';

/** Source module of each lazily loaded screen, for the server's modulepreload hints. */
export const LAZY_SCREEN_MODULES: Partial<Record<Screen['name'], string>> = {
  // Home itself is in the entry; its featured cards are not (screens/home/HomeScreen.tsx).
  home: FEATURED_MODULE,
  admin: 'src/screens/admin/AdminScreen.tsx',
  anime: 'src/screens/anime/AnimeSearchScreen.tsx',
  animeDetail: 'src/screens/anime/AnimeDetailScreen.tsx',
  characters: 'src/screens/characters/CharactersScreen.tsx',
  collector: 'src/screens/collector/CollectorScreen.tsx',
  profile: 'src/screens/profile/ProfileScreen.tsx',
  trade: 'src/screens/trade/TradeScreen.tsx',
};

/**
 * The lazy chunk the page at `screen` needs first: the screen's own, or on the catalogue's
 * sign-in page the featured cards (a 403 page loads no screen chunk).
 */
export function lazyModuleFor(screen: Screen, user: PageUser | null): string | undefined {
  if (isForbidden(screen, user)) return screen.name === 'characters' ? FEATURED_MODULE : undefined;
  return LAZY_SCREEN_MODULES[screen.name];
}

export function ScreenView({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (isForbidden(screen, user)) return <ForbiddenScreen screen={screen.name} />;

  switch (screen.name) {
    case 'home':
      return <HomeScreen />;
    case 'notFound':
      return <NotFoundScreen />;
    case 'characters':
      return (
        <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
          <CharactersScreen />
        </Suspense>
      );
    case 'profile':
      return (
        <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
          <ProfileScreen />
        </Suspense>
      );
    case 'trade':
      return (
        <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
          <TradeScreen />
        </Suspense>
      );
    case 'admin':
      return (
        <Suspense fallback={<p className="loading">{t('admin.loading')}</p>}>
          <AdminScreen />
        </Suspense>
      );
    case 'anime':
      return (
        <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
          <AnimeSearchScreen />
        </Suspense>
      );
    case 'collector':
      return (
        <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
          <CollectorScreen userId={screen.userId} />
        </Suspense>
      );
    case 'animeDetail':
      return (
        <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
          <AnimeDetailScreen animeId={screen.animeId} />
        </Suspense>
      );
  }
}
