import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { memberName } from '../../api/member-name';
import { useSession } from '../../app/session';
import { useLoginHref } from '../../app/sign-in';
import { LoadError } from '../../components/LoadError';
import { formatNumber } from '../../i18n/formats';
import { FeaturedPlaceholder } from './FeaturedPlaceholder';
import { HomeNews } from './HomeNews';
import { HowToGetCards } from './HowToGetCards';
import { COUNTERS, useHomeStats } from './useHomeStats';

// The featured cards need the image loader, which the rest of home does not: a chunk of its own
// (the server preloads it on home, ScreenView's LAZY_SCREEN_MODULES).
const FeaturedCards = lazy(() => import('./FeaturedCards'));

export function HomeScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const stats = useHomeStats();
  const loginHref = useLoginHref();

  return (
    <div className="home">
      <section className="hero">
        <h1>{t('home.welcome', { name: user ? memberName(user) : t('common.guest') })}</h1>
        <p className="hero__tagline">{t('home.tagline')}</p>
        <div className="hero__actions">
          {user ? (
            <>
              <Link className="button button--primary" to="/profile">
                {t('home.profile')}
              </Link>
              <a className="button button--ghost" href="/auth/logout">
                {t('home.logout')}
              </a>
            </>
          ) : (
            <a className="button button--primary" href={loginHref}>
              {t('home.login')}
            </a>
          )}
        </div>
      </section>

      <section className="stats" aria-labelledby="home-stats-title" aria-busy={stats.isPending}>
        <h2 id="home-stats-title" className="visually-hidden">
          {t('home.statsLabel')}
        </h2>
        {stats.isPending && <p className="stats__message">{t('home.loadingStats')}</p>}
        {stats.isError && (
          <LoadError
            className="stats__message stats__message--error"
            error={stats.error}
            message={t('home.statsError')}
            onRetry={() => void stats.refetch()}
          />
        )}
        {stats.data && (
          <dl className="stats__grid">
            {COUNTERS.map((key) => (
              <div key={key} className="counter">
                <dt className="counter__label">{t(`home.counters.${key}`)}</dt>
                <dd className="counter__value">{formatNumber(i18n.language, stats.data[key])}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <Suspense fallback={<FeaturedPlaceholder />}>
        <FeaturedCards />
      </Suspense>
      <HowToGetCards />
      <HomeNews />
    </div>
  );
}
