import { useCallback, useEffect, useRef, useState } from 'react';
import type { CatalogueCharacter } from '../../api/catalogue';
import {
  type CharacterFilter,
  CharactersError,
  type CharactersFailureKind,
  fetchCharacterPage,
} from '../../api/characters';

/** Spec 1 §4/§9: a filter change reloads after 250 ms and cancels the request in flight. */
export const RELOAD_DELAY_MS = 250;

/** What the error box says, before translation (spec 1 §8). */
export type CharactersFailure = { kind: CharactersFailureKind; detail: string };

export type CharactersState = {
  items: CatalogueCharacter[];
  total: number;
  status: 'loading' | 'ready' | 'error';
  error: CharactersFailure | null;
  loadingMore: boolean;
  hasMore: boolean;
};

/** Characters for the current filter, a page at a time (the grid asks for more as it scrolls). */
export function useCharacters(filter: CharacterFilter) {
  const [state, setState] = useState<CharactersState>({
    items: [],
    total: 0,
    status: 'loading',
    error: null,
    loadingMore: false,
    hasMore: false,
  });
  const controller = useRef<AbortController | null>(null);
  const nextAfter = useRef<number | null>(null);
  const firstLoad = useRef(true);

  const load = useCallback(
    async (after: number | null, signal: AbortSignal) => {
      try {
        const page = await fetchCharacterPage(filter, after, signal);
        if (signal.aborted) return;
        nextAfter.current = page.nextAfter;
        setState((s) => ({
          items: after === null ? page.items : [...s.items, ...page.items],
          total: page.total,
          status: 'ready',
          error: null,
          loadingMore: false,
          hasMore: page.nextAfter !== null,
        }));
      } catch (err) {
        if (signal.aborted) return; // aborted requests are ignored (spec 1 §8)
        const error: CharactersFailure =
          err instanceof CharactersError
            ? { kind: err.kind, detail: err.detail }
            : { kind: 'request', detail: err instanceof Error ? err.message : String(err) };
        setState((s) => ({ ...s, status: 'error', error, loadingMore: false }));
      }
    },
    [filter],
  );

  useEffect(() => {
    // Whatever was in flight belongs to the previous filter.
    controller.current?.abort();
    const start = () => {
      const c = new AbortController();
      controller.current = c;
      void load(null, c.signal);
    };
    // The page's first load starts at once; a filter change waits 250 ms, so quick clicks ask once.
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (firstLoad.current) {
      firstLoad.current = false;
      start();
    } else {
      setState((s) => ({ ...s, status: 'loading', loadingMore: false }));
      timer = setTimeout(start, RELOAD_DELAY_MS);
    }
    return () => {
      clearTimeout(timer);
      controller.current?.abort();
    };
  }, [load]);

  const loadMore = useCallback(() => {
    if (nextAfter.current === null || state.loadingMore || state.status !== 'ready') return;
    setState((s) => ({ ...s, loadingMore: true }));
    const c = new AbortController();
    controller.current = c;
    void load(nextAfter.current, c.signal);
  }, [load, state.loadingMore, state.status]);

  return { ...state, loadMore };
}
