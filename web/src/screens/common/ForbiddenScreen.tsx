import { useTranslation } from 'react-i18next';
import { useLoginHref } from '../../app/sign-in';

/** The 403 message for signed-out visitors on sign-in-only screens (requirements M6). */
export function ForbiddenScreen() {
  const { t } = useTranslation();
  const loginHref = useLoginHref();
  return (
    <section className="panel panel--notice" aria-labelledby="forbidden-title">
      <h1 id="forbidden-title">{t('forbidden.title')}</h1>
      <p>{t('forbidden.message')}</p>
      <a className="button button--primary" href={loginHref}>
        {t('forbidden.login')}
      </a>
    </section>
  );
}
