import type { ApiStatus } from '@acg/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRoute } from '../../api/query';
import { LoadError } from '../../components/LoadError';
import { useHydrated } from '../../components/useHydrated';
import { AnimeTile } from './AnimeTile';
import { useAnimeSearch } from './useAnimeSearch';

/** Typing searches by itself after this pause; Enter or the button searches at once. */
export const SEARCH_DEBOUNCE_MS = 500;

type Sources = ApiStatus['services'];

/**
 * /anime (requirements M2): status dots, the search box (trimmed; blank cannot be submitted; disabled
 * while loading), the warning when a source is unavailable, the error box, the loading text, the
 * grid of results and the 'enter a query' hint. The query lives in the URL (?q=), so results can
 * be shared and the back button returns to them.
 */
export function AnimeSearchScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [text, setText] = useState(query);
  const status = useRoute('GET /api/status', undefined);
  // No answer from the anime search at all: neither source can be reached through it.
  const sources: Sources | null = status.isError
    ? { shikimori: { available: false }, anilist: { available: false } }
    : (status.data?.services ?? null);
  const search = useAnimeSearch(query);
  const loading = search.status === 'loading';
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

  // The URL is the truth: back and forward bring their query into the box.
  useEffect(() => setText(query), [query]);

  // After it (effects run in order): text typed before the page became interactive is kept, not
  // replaced by the server's empty box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== '' && typed !== query) setText(typed);
  }, []);

  // A search that found a source down says so at once, without waiting for the status call.
  const answered =
    search.status === 'ready'
      ? search.answer.unavailable
      : search.status === 'error'
        ? search.unavailable
        : [];
  const available = (source: keyof Sources) =>
    !answered.includes(source) && (sources?.[source].available ?? true);

  const submit = (value: string) => {
    const trimmed = value.trim();
    if (trimmed === '' || trimmed === query) return;
    setParams({ q: trimmed });
  };

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === '' || trimmed === query) return;
    const timer = setTimeout(() => setParams({ q: trimmed }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, query, setParams]);

  // Focus stays in the box after a search (the box is disabled while it loads).
  useEffect(() => {
    if (!loading && document.activeElement === document.body) input.current?.focus();
  }, [loading]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!loading) submit(text);
  };

  const results = search.status === 'ready' ? search.answer.results : [];
  const sourceNames = { shikimori: 'Shikimori', anilist: 'AniList' } as const;
  const down = (['shikimori', 'anilist'] as const).filter((s) => !available(s));

  return (
    <div className="anime-search">
      <h1>{t('anime.title')}</h1>
      <ul className="source-status" aria-label={t('anime.sourcesLabel')}>
        {(['shikimori', 'anilist'] as const).map((s) => (
          <li key={s} className={`source-status__item source-status__item--${available(s) ? 'up' : 'down'}`}>
            <span className="source-status__dot" aria-hidden="true" />
            {sourceNames[s]}: {available(s) ? t('anime.available') : t('anime.unavailable')}
          </li>
        ))}
      </ul>
      <search>
        <form className="anime-search__form" action="/anime" method="get" onSubmit={onSubmit}>
          <label className="visually-hidden" htmlFor="anime-query">
            {t('anime.queryLabel')}
          </label>
          <input
            id="anime-query"
            ref={input}
            type="search"
            name="q"
            value={text}
            placeholder={t('anime.placeholder')}
            disabled={loading}
            onChange={(e) => setText(e.target.value)}
            maxLength={200}
          />
          <button
            className="button button--primary"
            type="submit"
            disabled={hydrated && (loading || text.trim() === '')}
          >
            {t('anime.searchButton')}
          </button>
        </form>
      </search>
      {down.length > 0 && (
        <p className="notice notice--warning" role="status">
          {t(down.length === 1 ? 'anime.sourceDown' : 'anime.sourcesDown', {
            sources: down.map((s) => sourceNames[s]).join(', '),
          })}
        </p>
      )}
      {search.status === 'error' && (
        <LoadError
          className="notice notice--error"
          error={search.error}
          message={search.message}
          onRetry={search.retry}
        />
      )}
      {loading && <p className="loading">{t('anime.loading')}</p>}
      {results.length > 0 ? (
        <ul className="tile-grid tile-grid--anime" aria-label={t('anime.resultsLabel')}>
          {results.map((anime) => (
            <li key={anime.id}>
              <AnimeTile anime={anime} />
            </li>
          ))}
        </ul>
      ) : (
        !loading &&
        search.status !== 'error' && (
          // Requirements M2: the 'enter a query' hint whenever there are no results; after a search it
          // follows the 'nothing found' line.
          <>
            {search.status === 'ready' && <p className="hint">{t('anime.nothingFound')}</p>}
            <p className="hint">{t('anime.enterQuery')}</p>
          </>
        )
      )}
    </div>
  );
}
