import type { AnimeIndexStatus as Status } from '@acg/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoute } from '../../../../api/query';
import { loadErrorText } from '../../../../components/LoadError';
import { formatDateTime, formatNumber } from '../../../../i18n/formats';

const SOURCES = [
  ['shikimori', 'Shikimori'],
  ['anilist', 'AniList'],
] as const;

/**
 * The anime index behind the member search (issue 24), below the anime search of this section:
 * its size and freshness, and each source's requests in the last minute and hour, by members'
 * searches and pages vs the background fill (GET /api/admin/anime-search/status). Closed until
 * the administrator opens it; asked again with the refresh button.
 */
export function AnimeIndexStatus() {
  const { t } = useTranslation();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const status = useRoute('GET /api/admin/anime-search/status', undefined, { enabled: open });
  return (
    <details
      className="admin-search__index"
      aria-labelledby={`${ids}-title`}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary id={`${ids}-title`} className="admin-catalogue__subtitle">
        {t('adminAnimeIndex.title')}
      </summary>
      {!open ? null : status.data ? (
        <Figures status={status.data} />
      ) : status.error ? (
        <p className="admin-banner admin-banner--error">
          {t('adminAnimeIndex.loadFailed', { error: loadErrorText(t, status.error) })}
        </p>
      ) : (
        <p aria-busy="true">{t('adminAnimeIndex.loading')}</p>
      )}
      {open ? (
        <button
          type="button"
          className="button"
          disabled={status.isFetching}
          onClick={() => void status.refetch()}
        >
          {t('adminAnimeIndex.refresh')}
        </button>
      ) : null}
    </details>
  );
}

function Figures({ status }: { status: Status }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(i18n.language, value);
  const { index } = status;
  return (
    <>
      <ul className="admin-stats" aria-label={t('adminAnimeIndex.index')}>
        <li className="admin-stat" data-stat="titles">
          <span className="admin-stat__value">{n(index.titles)}</span>
          <span className="admin-stat__label">
            {t('adminAnimeIndex.titles', {
              both: n(index.withBoth),
              shikimori: n(index.withShikimori),
              anilist: n(index.withAnilist),
            })}
          </span>
        </li>
        <li className="admin-stat" data-stat="fresh">
          <span className="admin-stat__value">{n(index.fresh)}</span>
          <span className="admin-stat__label">
            {t('adminAnimeIndex.fresh', { hours: n(index.refreshHours) })}
          </span>
        </li>
        <li className="admin-stat" data-stat="oldest">
          <span className="admin-stat__value">
            {index.oldestRefresh
              ? formatDateTime(i18n.language, index.oldestRefresh)
              : t('adminAnimeIndex.never')}
          </span>
          <span className="admin-stat__label">{t('adminAnimeIndex.oldest')}</span>
        </li>
        <li className="admin-stat" data-stat="searches">
          <span className="admin-stat__value">{n(index.searches)}</span>
          <span className="admin-stat__label">{t('adminAnimeIndex.searches')}</span>
        </li>
      </ul>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>{t('adminAnimeIndex.budget')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminAnimeIndex.source')}</th>
              <th scope="col">{t('adminAnimeIndex.state')}</th>
              <th scope="col">{t('adminAnimeIndex.minuteUsers')}</th>
              <th scope="col">{t('adminAnimeIndex.minuteBackground')}</th>
              <th scope="col">{t('adminAnimeIndex.hourUsers')}</th>
              <th scope="col">{t('adminAnimeIndex.hourBackground')}</th>
            </tr>
          </thead>
          <tbody>
            {SOURCES.map(([id, name]) => {
              const s = status.sources[id];
              return (
                <tr key={id} data-source={id}>
                  <th scope="row">{name}</th>
                  <td>{s.available ? t('adminAnimeIndex.available') : t('adminAnimeIndex.unavailable')}</td>
                  <td>{n(s.lastMinute.user)}</td>
                  <td>{n(s.lastMinute.background)}</td>
                  <td>{n(s.lastHour.user)}</td>
                  <td>{n(s.lastHour.background)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="admin-hint">
        {t('adminAnimeIndex.share', { percent: n(Math.round(status.backgroundShare * 100)) })}
      </p>
    </>
  );
}
