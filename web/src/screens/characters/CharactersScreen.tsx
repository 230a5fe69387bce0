import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueCharacter } from '../../api/catalogue';
import { useOwnedCards } from '../../api/owned';
import { useRoute } from '../../api/query';
import { useAddress } from '../../app/address';
import { useSession } from '../../app/session';
import { LikedCardsContext } from '../../components/LikeButton';
import { loadErrorText } from '../../components/LoadError';
import { rankColor } from '../../components/rank-color';
import { animeTitle, rankTitle } from '../../i18n/localized';
import { CharacterModal } from './CharacterModal';
import { CharacterTile } from './CharacterTile';
import { type CharactersFailure, useCharacters } from './useCharacters';

/** Requirements M9: minimum character tile width. */
const TILE_MIN_PX = 180;
const TILE_GAP_PX = 16;
/** Phones (a grid narrower than this): smaller tiles, so two fit side by side (docs/rules.md). */
const PHONE_GRID_PX = 480;
const PHONE_TILE_MIN_PX = 150;
const PHONE_TILE_GAP_PX = 12;
/** A row before the grid is measured (the server's markup): a 2:3 card 180 px wide and the gap. */
const ROW_HEIGHT_PX = 286;
/** Tiles are cards drawn 2:3: a row is one and a half tile widths tall, plus the gap. */
const rowHeightFor = (width: number, columns: number, gap: number) =>
  Math.round(((width - gap * (columns - 1)) / columns) * 1.5) + gap;

// The server render has no window; layout effects run only in the browser.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** The character catalogue (requirements M2): rank and anime filters, a paged virtual grid, the modal. */
export function CharactersScreen() {
  const { t } = useTranslation();
  // Filter lists (cached, shared): a failure leaves the filter empty (the grid still works).
  const ranks = useRoute('GET /api/ranks', undefined).data ?? [];
  const { language } = useSession();
  const animeAnswer = useRoute('GET /api/anime', undefined).data;
  // The dropdown in the page's language, ordered by the titles it shows.
  const animeList = useMemo(
    () =>
      (animeAnswer ?? [])
        .map((a) => ({ id: a.id, title: animeTitle(a, language) }))
        .sort((a, b) => a.title.localeCompare(b.title, language)),
    [animeAnswer, language],
  );
  // The filters live in the address (?rank=, ?anime=, ?frames=new): reload and back keep them.
  const address = useAddress();
  const rankCode = address.params.get('rank') ?? '';
  const animeId = address.params.get('anime') ?? '';
  const newFrames = address.params.get('frames') === 'new';
  const setRankCode = (code: string) => address.set({ rank: code });
  const [open, setOpen] = useState<CatalogueCharacter | null>(null);
  // Cards liked during this page view, across every modal opened (requirements M4).
  const [likedCards] = useState(() => new Set<number>());
  const filter = useMemo(() => ({ rankCode, animeId }), [rankCode, animeId]);
  const characters = useCharacters(filter);
  const failure = characters.status === 'error' ? characters.error : null;

  const filtered = rankCode !== '' || animeId !== '';
  return (
    <section className="characters" aria-labelledby="characters-title">
      <h1 id="characters-title">{t('characters.title')}</h1>
      <fieldset className="filters">
        <legend className="visually-hidden">{t('characters.filtersLabel')}</legend>
        <fieldset className="filters__ranks">
          <legend className="visually-hidden">{t('characters.rankFilter')}</legend>
          <button
            type="button"
            className="chip"
            aria-pressed={rankCode === ''}
            onClick={() => setRankCode('')}
          >
            {t('characters.allRanks')}
          </button>
          {ranks.map((r) => (
            <button
              key={r.code}
              type="button"
              className="chip rank-code"
              data-rank={r.code}
              style={rankColor(r.color)}
              aria-pressed={rankCode === r.code}
              title={rankTitle(r, language)}
              onClick={() => setRankCode(r.code)}
            >
              {r.code}
            </button>
          ))}
        </fieldset>
        <label className="filters__anime">
          <span className="visually-hidden">{t('characters.animeFilter')}</span>
          <select
            value={animeId}
            onChange={(e) => address.set({ anime: e.target.value })}
            aria-label={t('characters.animeFilter')}
          >
            <option value="">{t('characters.animePlaceholder')}</option>
            {animeList.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.title}
              </option>
            ))}
          </select>
        </label>
        <label className="toggle">
          <input
            type="checkbox"
            checked={newFrames}
            onChange={(e) => address.set({ frames: e.target.checked ? 'new' : null }, { replace: true })}
          />
          {t('characters.newFrames')}
        </label>
        {filtered && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => address.set({ rank: null, anime: null })}
          >
            {t('characters.reset')}
          </button>
        )}
      </fieldset>
      <p className="characters__count" aria-live="polite">
        {characters.status === 'loading'
          ? t('common.loading')
          : failure
            ? ''
            : t('characters.count', { count: characters.total })}
      </p>
      {/* A failed load shows where the grid would be; the filters stay usable (issue 22 item 4). */}
      {failure && <CharactersFailureBox failure={failure} onRetry={characters.retry} />}
      {characters.status === 'ready' && characters.items.length === 0 && (
        <p className="empty">{t('characters.empty')}</p>
      )}
      <CharacterGrid
        items={characters.items}
        newFrames={newFrames}
        hasMore={characters.hasMore}
        loadingMore={characters.loadingMore}
        onNeedMore={characters.loadMore}
        onOpen={setOpen}
      />
      <LikedCardsContext value={likedCards}>
        {open && <CharacterModal character={open} newFrames={newFrames} onClose={() => setOpen(null)} />}
      </LikedCardsContext>
    </section>
  );
}

/**
 * The spec's error box (requirements M8: its title, the request-failed prefix plus the message) in place
 * of the grid, with a retry. A request that got no answer is worded in the page's language, never
 * the browser's own English ('Failed to fetch').
 */
function CharactersFailureBox({ failure, onRetry }: { failure: CharactersFailure; onRetry: () => void }) {
  const { t } = useTranslation();
  const detail = failure.failure === undefined ? failure.detail : loadErrorText(t, failure.failure);
  return (
    <section className="error-box" role="alert" aria-labelledby="characters-error">
      <h2 id="characters-error">{t('characters.errorTitle')}</h2>
      <p>{t(`characters.errors.${failure.kind}`, { detail })}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('loadError.retry')}
      </button>
    </section>
  );
}

/** Only the rows near the viewport are in the DOM; reaching the end asks for the next page. */
function CharacterGrid({
  items,
  newFrames,
  hasMore,
  loadingMore,
  onNeedMore,
  onOpen,
}: {
  items: CatalogueCharacter[];
  newFrames: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onNeedMore: () => void;
  onOpen: (c: CatalogueCharacter) => void;
}) {
  const { t } = useTranslation();
  const owned = useOwnedCards();
  const container = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(4);
  const [gap, setGap] = useState(TILE_GAP_PX);
  const [rowHeight, setRowHeight] = useState(ROW_HEIGHT_PX);
  const [offset, setOffset] = useState(0);

  useIsomorphicLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const measure = () => {
      const phone = el.clientWidth < PHONE_GRID_PX;
      const min = phone ? PHONE_TILE_MIN_PX : TILE_MIN_PX;
      const space = phone ? PHONE_TILE_GAP_PX : TILE_GAP_PX;
      const count = Math.max(1, Math.floor((el.clientWidth + space) / (min + space)));
      setGap(space);
      setColumns(count);
      setRowHeight(rowHeightFor(el.clientWidth, count, space));
      setOffset(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);

  const rows = Math.ceil(items.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin: offset,
    // Without layout (server render, tests) show the first rows rather than nothing.
    initialRect: { width: 1024, height: 900 },
  });
  // A new tile size moves every row: the virtualizer measures them again.
  useIsomorphicLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const virtualRows = virtualizer.getVirtualItems();
  const lastShown = virtualRows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= rows - 2) onNeedMore();
  }, [hasMore, loadingMore, lastShown, rows, onNeedMore]);

  return (
    <div
      ref={container}
      className="character-grid"
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {virtualRows.map((row) => (
        <ul
          key={row.key}
          className="character-grid__row"
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap,
          }}
        >
          {items.slice(row.index * columns, row.index * columns + columns).map((c) => (
            <li key={c.id}>
              <CharacterTile
                character={c}
                newFrames={newFrames}
                onOpen={() => onOpen(c)}
                priority={row.index === 0}
                owned={c.Cards.reduce((n, card) => n + (owned.get(card.id) ?? 0), 0)}
              />
            </li>
          ))}
        </ul>
      ))}
      {loadingMore && (
        <p className="loading character-grid__more" style={{ position: 'absolute', bottom: -40 }}>
          {t('common.loading')}
        </p>
      )}
    </div>
  );
}
