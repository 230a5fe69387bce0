import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_LEVEL } from '../../app/access';
import { useSession } from '../../app/session';
import { NotBuiltScreen } from '../common/NotBuiltScreen';
import { levelKey } from './levels';

// Until the admin shell (h-admin-shell) is merged: its registry replaces this.
const SECTIONS: Record<string, ReturnType<typeof lazy>> = {
  users: lazy(() => import('./sections/users')),
  logs: lazy(() => import('./sections/logs')),
  news: lazy(() => import('./sections/news')),
  translations: lazy(() => import('./sections/translations')),
  vk: lazy(() => import('./sections/vk')),
};

/**
 * The admin area (specs 2 and 3), loaded as its own chunk. Below ADMIN_LEVEL a user sees only
 * their own access level; the services enforce access on every admin call regardless.
 */
export default function AdminScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const adminLevel = user?.adminLevel ?? 0;
  // Read after hydration, so the server's and the browser's first render agree.
  const [tab, setTab] = useState<string | null>(null);
  useEffect(() => setTab(new URLSearchParams(window.location.search).get('tab')), []);
  const level = (
    <p className="admin-level">
      {t('admin.yourLevel')}: <strong>{t(levelKey(adminLevel))}</strong>
    </p>
  );

  if (adminLevel < ADMIN_LEVEL) {
    return (
      <section className="panel" aria-labelledby="admin-title">
        <h1 id="admin-title">{t('admin.title')}</h1>
        {level}
      </section>
    );
  }
  const Section = tab ? SECTIONS[tab] : undefined;
  if (Section) {
    return (
      <section className="panel" aria-labelledby="admin-title">
        <h1 id="admin-title">{t('admin.title')}</h1>
        {level}
        <Suspense fallback={<p className="loading">{t('admin.loading')}</p>}>
          <Section />
        </Suspense>
      </section>
    );
  }
  return <NotBuiltScreen title={t('admin.title')}>{level}</NotBuiltScreen>;
}
