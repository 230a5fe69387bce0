import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * An anime, character, card or collector that does not exist (issue 22 item 4): the gateway
 * answers such an address with 404 and this page; the same page shows when the browser learns it
 * later (a link followed inside the app). Unknown paths are not this: they show home (requirements M2).
 */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="panel panel--notice not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <p className="not-found__links">
        <Link className="button button--primary" to="/">
          {t('notFound.home')}
        </Link>
        <Link className="button button--ghost" to="/anime">
          {t('notFound.anime')}
        </Link>
      </p>
    </section>
  );
}
