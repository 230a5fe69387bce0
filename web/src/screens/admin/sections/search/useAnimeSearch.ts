import type { AnilistAnimeResult, ShikimoriAnimeResult } from '@acg/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnimeExists, checkAnimeExists } from '../../../../api/admin-catalogue';
import {
  anilistKey,
  anilistTitle,
  type Results,
  SEARCH_MIN,
  SearchFailed,
  type Source,
  searchAnime,
  shikimoriKey,
} from './model';
import { type AddBody, addAnime, type Existence } from './quickAdd';
import type { TabProps } from './shared';
import { useLiveSearch } from './useLiveSearch';

/** The anime tab's search (by source), the results' existence in the catalogue and the quick add. */
export function useAnimeSearch({ selected, onBanner }: Pick<TabProps, 'selected' | 'onBanner'>) {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('combined');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [existence, setExistence] = useState<Existence>({});
  const [adding, setAdding] = useState<string | null>(null);
  const [autoCreate, setAutoCreate] = useState(true);

  const run = useCallback(
    async (q: string, signal: AbortSignal): Promise<Results> => {
      setError(null);
      const results = await searchAnime(source, q, signal);
      setExistence({});
      void checkAll(results, signal).then((e) => {
        if (!signal.aborted) setExistence(e);
      });
      return results;
    },
    [source],
  );
  const search = useLiveSearch(text, run, (err) =>
    setError(
      err instanceof SearchFailed
        ? t('adminCatalogue.search.searchError')
        : t('adminCatalogue.search.searchError'),
    ),
  );
  // Below 2 characters the existence checks are cleared too.
  useEffect(() => {
    if (text.trim().length < SEARCH_MIN) setExistence({});
  }, [text]);

  const changeSource = (next: Source) => {
    setSource(next);
    setText('');
    setExistence({});
    search.clear();
  };

  const add = async (key: string, body: AddBody, existsKeys: string[]) => {
    setAdding(key);
    try {
      await addAnime(
        {
          t,
          onBanner,
          franchiseId: selected?.id ?? null,
          createFranchise: autoCreate && !selected,
          cleared: () => {
            setText('');
            setExistence({});
            search.clear();
          },
          known: (keys: string[], known: AnimeExists) =>
            setExistence((e) => ({ ...e, ...Object.fromEntries(keys.map((k) => [k, known])) })),
        },
        body,
        existsKeys,
      );
    } finally {
      setAdding(null);
    }
  };

  return {
    source,
    changeSource,
    text,
    setText,
    error,
    existence,
    adding,
    add,
    autoCreate,
    setAutoCreate,
    search,
  };
}

/** The existence of every result (requirements C8: a failed check counts as not existing). */
async function checkAll(results: Results, signal: AbortSignal): Promise<Existence> {
  const jobs: [string, Promise<AnimeExists>][] = [];
  const none: AnimeExists = { exists: false, exactMatch: null };
  const safe = (p: Promise<AnimeExists>) =>
    p.catch((err: unknown) => {
      if (!signal.aborted) console.error('anime check', err);
      return none;
    });
  const shiki = (s: ShikimoriAnimeResult) =>
    jobs.push([shikimoriKey(s.id), safe(checkAnimeExists({ shikimoriId: s.id }, signal))]);
  const ani = (a: AnilistAnimeResult) =>
    jobs.push([anilistKey(a.id), safe(checkAnimeExists({ title: anilistTitle(a) }, signal))]);
  if (results.source === 'combined') {
    results.answer.shikimori.forEach(shiki);
    results.answer.anilist.forEach(ani);
  } else if (results.source === 'shikimori') results.list.forEach(shiki);
  else results.list.forEach(ani);
  const out: Existence = {};
  for (const [key, p] of jobs) out[key] = await p;
  return out;
}
