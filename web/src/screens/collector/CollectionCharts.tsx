import type { InventoryStats } from '@acg/contracts';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoute } from '../../api/query';
import { useSession } from '../../app/session';
import { rankColor } from '../../components/rank-color';
import { useHydrated } from '../../components/useHydrated';
import { animeTitle, rankTitle } from '../../i18n/localized';

// The chart library is a chunk of its own, loaded when statistics are shown (not with the page).
const BarChart = lazy(() => import('../../components/BarChart'));

/** How many anime the completion bars show: those with the most cards collected. */
export const TOP_ANIME = 6;

/**
 * A collection's statistics as pictures (issue 22 item 8): copies per rank as a bar chart in the
 * ranks' colours (highest rank first; the same figures as a list for screen readers and before
 * the chart has loaded), and a completion bar for the anime with the most cards collected.
 */
export function CollectionCharts({ stats }: { stats: InventoryStats }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { language } = useSession();
  const ranks = useRoute('GET /api/ranks', undefined).data;
  const bars = useMemo(() => {
    // The rank list knows each rank's place and its title per language; the counts know the code.
    const known = new Map((ranks ?? []).map((r) => [r.code, r]));
    const order = (code: string) => known.get(code)?.sortOrder ?? -1;
    return [...stats.by_rank]
      .sort((a, b) => order(b.code) - order(a.code))
      .map((r) => {
        const rank = known.get(r.code);
        return {
          code: r.code,
          value: r.count,
          color: r.color,
          title: rank ? rankTitle(rank, language) : r.title,
        };
      });
  }, [stats.by_rank, ranks, language]);
  if (bars.length === 0) return <p className="empty">{t('profile.charts.noCards')}</p>;
  return (
    <div className="collection-charts">
      <section className="collection-charts__ranks" aria-labelledby="charts-by-rank">
        <h2 id="charts-by-rank">{t('profile.charts.byRank')}</h2>
        {hydrated && (
          <Suspense fallback={null}>
            <BarChart
              bars={bars}
              label={t('profile.charts.byRank')}
              className="collection-chart"
              wholeNumbers
            />
          </Suspense>
        )}
        <ul className="collection-charts__legend">
          {bars.map((b) => (
            <li key={b.code}>
              <span className="rank-code" data-rank={b.code} style={rankColor(b.color)} title={b.title}>
                {b.code}
              </span>{' '}
              {b.value}
            </li>
          ))}
        </ul>
      </section>
      <AnimeCompletion byAnime={stats.by_anime} />
    </div>
  );
}

function AnimeCompletion({ byAnime }: { byAnime: InventoryStats['by_anime'] }) {
  const { t } = useTranslation();
  const { language } = useSession();
  const anime = useRoute('GET /api/anime', undefined).data;
  const rows = useMemo(() => {
    const known = new Map((anime ?? []).map((a) => [a.id, a]));
    return byAnime
      .flatMap((row) => {
        const a = known.get(row.animeId);
        return a && a.cardCount > 0 ? [{ ...row, title: animeTitle(a, language), total: a.cardCount }] : [];
      })
      .sort((x, y) => y.cards / y.total - x.cards / x.total || y.cards - x.cards)
      .slice(0, TOP_ANIME);
  }, [anime, byAnime, language]);
  if (rows.length === 0) return null;
  return (
    <section className="collection-charts__anime" aria-labelledby="charts-by-anime">
      <h2 id="charts-by-anime">{t('profile.charts.completion')}</h2>
      <ul className="completion">
        {rows.map((r) => {
          const percent = Math.round((Math.min(r.cards, r.total) / r.total) * 100);
          return (
            <li key={r.animeId} className="completion__row">
              <span className="completion__title">{r.title}</span>
              <span className="completion__figures">
                {t('profile.charts.completionOf', { have: r.cards, total: r.total })} · {percent}%
              </span>
              <progress
                className="completion__bar"
                max={r.total}
                value={Math.min(r.cards, r.total)}
                aria-label={r.title}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
