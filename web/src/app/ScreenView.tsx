import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AnimeDetailScreen } from '../screens/anime/AnimeDetailScreen';
import { AnimeSearchScreen } from '../screens/anime/AnimeSearchScreen';
import { CharactersScreen } from '../screens/characters/CharactersScreen';
import { ForbiddenScreen } from '../screens/common/ForbiddenScreen';
import { NotBuiltScreen } from '../screens/common/NotBuiltScreen';
import { HomeScreen } from '../screens/home/HomeScreen';
import { ProfileScreen } from '../screens/profile/ProfileScreen';
import { isForbidden, type Screen } from './screens';
import { useSession } from './session';

// The admin area is a chunk of its own so the member area stays light (architecture §7).
const AdminScreen = lazy(() => import('../screens/admin/AdminScreen'));

/** Source module of each lazily loaded screen, for the server's modulepreload hints. */
export const LAZY_SCREEN_MODULES: Partial<Record<Screen['name'], string>> = {
  admin: 'src/screens/admin/AdminScreen.tsx',
};

export function ScreenView({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (isForbidden(screen, user)) return <ForbiddenScreen />;

  switch (screen.name) {
    case 'home':
      return <HomeScreen />;
    case 'characters':
      return <CharactersScreen />;
    case 'profile':
      return <ProfileScreen />;
    case 'admin':
      return (
        <Suspense fallback={<p className="loading">{t('admin.loading')}</p>}>
          <AdminScreen />
        </Suspense>
      );
    case 'anime':
      return <AnimeSearchScreen />;
    case 'animeDetail':
      return <AnimeDetailScreen animeId={screen.animeId} />;
    default:
      return <NotBuiltScreen title={t(`app.titles.${screen.name}`)} />;
  }
}
