import type { AnimeSearchAnswer } from '@acg/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { searchAnime, unavailableSourcesSchema } from '../../api/anime';
import { HttpError } from '../../api/http';

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; answer: AnimeSearchAnswer }
  | { status: 'error'; message: string; unavailable: AnimeSearchAnswer['unavailable'] };

/** The sources a refused search names as not answering (its 503's `details.unavailable`). */
const unavailableIn = (body: unknown): AnimeSearchAnswer['unavailable'] =>
  z.safeParse(
    unavailableSourcesSchema,
    (body as { details?: { unavailable?: unknown } } | undefined)?.details?.unavailable,
  ).data ?? [];

/**
 * Spec 1 §4/§8: idle, loading, then results or error. The server's error text when it sent one,
 * else the search-error message; a timeout (15 s) the timeout message; a failed request the
 * connection-error message. A newer query aborts the one in flight. A refusal naming the sources
 * that did not answer (503 `details.unavailable`) keeps them, for the status dots and the warning.
 */
export function useAnimeSearch(query: string): SearchState {
  const { t } = useTranslation();
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  useEffect(() => {
    if (query === '') {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    searchAnime(query, controller.signal).then(
      (answer) => setState({ status: 'ready', answer }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        let message: string;
        let unavailable: AnimeSearchAnswer['unavailable'] = [];
        if (err instanceof HttpError) {
          unavailable = unavailableIn(err.body);
          const body = err.body as { error?: unknown } | undefined;
          message = typeof body?.error === 'string' && body.error ? body.error : t('anime.searchError');
        } else if (err instanceof DOMException && err.name === 'TimeoutError') {
          message = t('anime.timeoutError');
        } else {
          message = t('anime.connectionError');
        }
        setState({ status: 'error', message, unavailable });
      },
    );
    return () => controller.abort();
  }, [query, t]);
  return state;
}
