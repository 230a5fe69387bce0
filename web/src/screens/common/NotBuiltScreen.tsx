import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A clearly marked placeholder for a screen that a later issue builds. */
export function NotBuiltScreen({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="panel panel--placeholder" aria-labelledby="not-built-title">
      <span className="badge badge--warning">{t('notBuilt.badge')}</span>
      <h1 id="not-built-title">{title}</h1>
      <p>{t('notBuilt.message')}</p>
      {children}
    </section>
  );
}
