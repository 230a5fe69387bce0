import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenName } from '../../app/screens';
import { useLoginHref } from '../../app/sign-in';
import { FeaturedPlaceholder } from '../home/FeaturedPlaceholder';

const FeaturedCards = lazy(() => import('../home/FeaturedCards'));

/**
 * A sign-in-only screen for a signed-out visitor (requirements M6). Profile and trade show the
 * spec's 403 message; the character catalogue explains what signing in opens, with the sign-in
 * button and a few of the cards (issue 22 item 7), not a bare 403. The status stays 403.
 */
export function ForbiddenScreen({ screen }: { screen?: ScreenName }) {
  const { t } = useTranslation();
  const loginHref = useLoginHref();
  const characters = screen === 'characters';
  return (
    <>
      <section className="panel panel--notice" aria-labelledby="forbidden-title">
        <h1 id="forbidden-title">{characters ? t('forbidden.characters.title') : t('forbidden.title')}</h1>
        <p>{characters ? t('forbidden.characters.message') : t('forbidden.message')}</p>
        <a className="button button--primary" href={loginHref}>
          {t('forbidden.login')}
        </a>
      </section>
      {characters && (
        <Suspense fallback={<FeaturedPlaceholder />}>
          <FeaturedCards />
        </Suspense>
      )}
    </>
  );
}
