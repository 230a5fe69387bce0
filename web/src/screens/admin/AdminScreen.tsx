import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ADMIN_LEVEL } from '../../app/access';
import { useSession } from '../../app/session';
import { useLoginHref } from '../../app/sign-in';
import { AdminSidebar } from './AdminSidebar';
import { levelKey } from './levels';
import { sectionFor } from './sections';

/**
 * The admin area (specs 2 and 3), loaded as its own chunk: one page, `?tab=` chooses the
 * section (default translations), each section its own lazy chunk. A signed-out visitor is asked
 * to sign in; below ADMIN_LEVEL a user sees only their own access level. The services enforce
 * access on every admin call regardless.
 */
export default function AdminScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const loginHref = useLoginHref();
  const [params] = useSearchParams();

  if (!user) {
    return (
      <section className="panel panel--notice" aria-labelledby="admin-title">
        <h1 id="admin-title">{t('admin.title')}</h1>
        <p>{t('admin.signInFirst')}</p>
        <a className="button button--primary" href={loginHref}>
          {t('forbidden.login')}
        </a>
      </section>
    );
  }
  const levelName = t(levelKey(user.adminLevel));
  if (user.adminLevel < ADMIN_LEVEL) {
    return (
      <section className="panel" aria-labelledby="admin-title">
        <h1 id="admin-title">{t('admin.title')}</h1>
        <p className="admin-level">
          {t('admin.yourLevel')}: <strong>{levelName}</strong>
        </p>
      </section>
    );
  }

  const section = sectionFor(params.get('tab'));
  const { Component } = section;
  return (
    <div className="admin">
      <AdminSidebar current={section.id} levelName={levelName} />
      <section className="admin__content panel" aria-labelledby="admin-section-title">
        <h1 id="admin-section-title" className="admin__title">
          {t(`admin.sections.${section.id}`)}
        </h1>
        <Suspense fallback={<p className="loading">{t('admin.loading')}</p>}>
          <Component key={section.id} />
        </Suspense>
      </section>
    </div>
  );
}
