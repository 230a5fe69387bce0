import type { HomeStats } from '@acg/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { useLoginHref } from '../../app/sign-in';
import { numberFormat } from '../../i18n/formats';
import { HomeNews } from './HomeNews';
import { useHomeStats } from './useHomeStats';

const COUNTERS = ['users', 'anime', 'cards'] as const satisfies readonly (keyof HomeStats)[];

export function HomeScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const stats = useHomeStats();
  const loginHref = useLoginHref();
  const numbers = numberFormat(i18n.language);

  return (
    <div className="home">
      <section className="hero">
        <h1>{t('home.welcome', { name: user?.username ?? t('common.guest') })}</h1>
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

      <section className="stats" aria-labelledby="home-stats-title" aria-busy={stats.status === 'loading'}>
        <h2 id="home-stats-title" className="visually-hidden">
          {t('home.statsLabel')}
        </h2>
        {stats.status === 'loading' && <p className="stats__message">{t('home.loadingStats')}</p>}
        {stats.status === 'error' && (
          <p className="stats__message stats__message--error" role="alert">
            {t('home.statsError')}
          </p>
        )}
        {stats.status === 'ready' && (
          <dl className="stats__grid">
            {COUNTERS.map((key) => (
              <div key={key} className="counter">
                <dt className="counter__label">{t(`home.counters.${key}`)}</dt>
                <dd className="counter__value">{numbers.format(stats.stats[key])}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <HomeNews />
    </div>
  );
}
