import type { ServerCacheStats } from '@acg/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadErrorText } from '../../../../components/LoadError';
import type { ImageCacheStats } from '../../../../images/cache';
import { DataTable } from '../../table/DataTable';
import type { Busy } from './actions';

type Namespace = ServerCacheStats['namespaces'][number];

export const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** One figure of a cache. */
function Stat({ label, value, stat }: { label: string; value: string | number | undefined; stat: string }) {
  return (
    <li className="admin-stat" data-stat={stat}>
      <span className="admin-stat__value">{value ?? '—'}</span>
      <span className="admin-stat__label">{label}</span>
    </li>
  );
}

/** A clear or clean-up button of either cache (every button waits while an action runs). */
export interface ActionProps {
  which: Exclude<Busy, 'test'>;
  label: string;
  run: () => Promise<string>;
  confirmText?: string;
}

/** One panel: its heading, then its content. */
export function Panel({
  id,
  name,
  title,
  children,
}: {
  id: string;
  name: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="admin-cache__panel" aria-labelledby={id} data-cache={name}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** The server cache's totals and its namespaces' figures, after why the last read failed. */
export function ServerFigures({
  server,
  namespaces,
  error,
}: {
  server: ServerCacheStats | undefined;
  namespaces: readonly Namespace[];
  /** The last read failed (the figures, if any, are the last good answer). */
  error: unknown;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? <p role="alert">{t('adminCache.statsFailed', { error: loadErrorText(t, error) })}</p> : null}
      <ul className="admin-stats" aria-label={t('adminCache.server')}>
        <Stat label={t('adminCache.keys')} value={server?.keys} stat="keys" />
        <Stat label={t('adminCache.hits')} value={server?.hits} stat="hits" />
        <Stat label={t('adminCache.misses')} value={server?.misses} stat="misses" />
        <Stat label={t('adminCache.hitRate')} value={server && percent(server.hit_rate)} stat="hit_rate" />
        <Stat
          label={t('adminCache.avgUserHitRate')}
          value={server && percent(server.avg_user_hit_rate)}
          stat="avg_user_hit_rate"
        />
        <Stat label={t('adminCache.usersTracked')} value={server?.users_tracked} stat="users_tracked" />
      </ul>
      <DataTable
        className="admin-table admin-table--cache"
        caption={t('adminCache.namespaces')}
        rows={namespaces}
        rowKey={(n) => n.name}
        rowProps={(n) => ({ 'data-namespace': n.name })}
        columns={[
          { key: 'name', label: t('adminCache.namespace'), rowHeader: true, render: (n) => n.name },
          { key: 'keys', label: t('adminCache.keys'), render: (n) => n.keys },
          { key: 'hits', label: t('adminCache.hits'), render: (n) => n.hits },
          { key: 'misses', label: t('adminCache.misses'), render: (n) => n.misses },
          { key: 'hitRate', label: t('adminCache.hitRate'), render: (n) => percent(n.hit_rate) },
        ]}
      />
    </>
  );
}

/** The browser image cache's figures. */
export function BrowserFigures({ browser }: { browser: ImageCacheStats | null }) {
  const { t } = useTranslation();
  const size = browser ? t('adminCache.sizeOf', { size: browser.sizeMB, max: browser.maxSizeMB }) : undefined;
  return (
    <ul className="admin-stats" aria-label={t('adminCache.browser')}>
      <Stat label={t('adminCache.count')} value={browser?.count} stat="count" />
      <Stat label={t('adminCache.size')} value={size} stat="sizeMB" />
      <Stat label={t('adminCache.hits')} value={browser?.hits} stat="hits" />
      <Stat label={t('adminCache.misses')} value={browser?.misses} stat="misses" />
      <Stat
        label={t('adminCache.hitRate')}
        value={browser ? percent(browser.hitRate) : undefined}
        stat="hitRate"
      />
    </ul>
  );
}
