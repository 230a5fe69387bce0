import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCard, AdminRank, Season } from '../../../../api/admin-catalogue';
import { matchesText, pageCount, pageSlice } from '../../table/model';
import { useDebounced } from '../../table/useAdminTable';

/** Requirements C9: 40 cards a page. */
export const CARD_PAGE_SIZE = 40;

/** The filter bar's search: character name, rank code or card id. */
export const cardMatches = (card: AdminCard, q: string) =>
  matchesText(q, card.characterName, card.rankCode, card.id);

/** The filter bar's state and the page of cards it selects (newest first). */
export function useCardFilters(cards: readonly AdminCard[]) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search);
  const [rankFilter, setRankFilter] = useState('');
  const [seasonFilter, setSeasonFilter] = useState('');
  const [limitedOnly, setLimitedOnly] = useState(false);
  const [page, setPage] = useState(1);

  // Changing the search or the filters returns to page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the triggers
  useEffect(() => setPage(1), [q, rankFilter, seasonFilter, limitedOnly]);

  const filtered = useMemo(
    () =>
      cards
        .filter(
          (c) =>
            cardMatches(c, q) &&
            (!rankFilter || String(c.rankId) === rankFilter) &&
            (!seasonFilter || String(c.seasonId) === seasonFilter) &&
            (!limitedOnly || c.limited),
        )
        .sort((a, b) => b.id - a.id),
    [cards, q, rankFilter, seasonFilter, limitedOnly],
  );
  const pages = pageCount(filtered.length, CARD_PAGE_SIZE);
  const current = Math.min(page, pages);
  const shown = pageSlice(filtered, current, CARD_PAGE_SIZE);
  const reset = () => {
    setSearch('');
    setRankFilter('');
    setSeasonFilter('');
    setLimitedOnly(false);
  };
  return {
    search,
    setSearch,
    rankFilter,
    setRankFilter,
    seasonFilter,
    setSeasonFilter,
    limitedOnly,
    setLimitedOnly,
    reset,
    setPage,
    filtered,
    pages,
    current,
    shown,
  };
}

export type CardFilters = ReturnType<typeof useCardFilters>;

/** The filter bar: search, rank, season, limited only, reset and refresh. */
export function CardsToolbar({
  filters: f,
  ranks,
  seasons,
  reload,
}: {
  filters: CardFilters;
  ranks: readonly AdminRank[];
  seasons: readonly Season[];
  reload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-toolbar">
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminCatalogue.cards.search')}</span>
        <input type="search" value={f.search} onChange={(e) => f.setSearch(e.target.value)} />
      </label>
      <label className="admin-field">
        <span className="admin-field__label">{t('adminCatalogue.cards.rank')}</span>
        <select value={f.rankFilter} onChange={(e) => f.setRankFilter(e.target.value)}>
          <option value="">{t('adminCatalogue.all')}</option>
          {ranks.map((r) => (
            <option key={r.id} value={r.id}>
              {r.code}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-field">
        <span className="admin-field__label">{t('adminCatalogue.cards.season')}</span>
        <select value={f.seasonFilter} onChange={(e) => f.setSeasonFilter(e.target.value)}>
          <option value="">{t('adminCatalogue.all')}</option>
          {seasons.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-check">
        <input type="checkbox" checked={f.limitedOnly} onChange={(e) => f.setLimitedOnly(e.target.checked)} />
        {t('adminCatalogue.cards.limitedOnly')}
      </label>
      <button type="button" className="button button--ghost" onClick={f.reset}>
        {t('adminCatalogue.reset')}
      </button>
      <button type="button" className="button button--ghost" onClick={reload}>
        {t('adminCatalogue.refresh')}
      </button>
    </div>
  );
}
