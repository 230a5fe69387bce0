import type { ClientReadRoute } from '@acg/contracts';
import {
  type QueryClient,
  QueryClient as QueryClientClass,
  queryOptions,
  type UseQueryOptions,
  useQuery,
} from '@tanstack/react-query';
import { type InputArg, type RouteAnswer, type RouteInput, request, UnexpectedAnswer } from './client';

/**
 * The data layer (TanStack Query). One QueryClient in the browser for the page's life, one per
 * request on the server (entry-server.tsx), where no query runs: screens render their pending
 * state, the browser hydrates the same markup and then loads (the document has preloaded the
 * first calls, app/first-calls.ts, so those answers are already on their way).
 *
 * - Caching and dedupe: a query is keyed by its route and input; screens asking for the same
 *   answer share one request and its cached answer (fresh for STALE_MS).
 * - Stale on error: a failed reload keeps the last answer (`data`) beside the `error`.
 * - No automatic retry: a failure shows at once, in place, with a retry button (LoadError).
 * - A write names the reads it changes (`invalidates`); they reload after it succeeds.
 */
export const STALE_MS = 30_000;

export function createQueryClient(): QueryClient {
  return new QueryClientClass({
    defaultOptions: {
      // networkMode 'always': offline, a read or write fails at once and shows its error in
      // place with a retry, instead of waiting paused (TanStack's default) behind a loading text.
      queries: { staleTime: STALE_MS, retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** A read's cache key: its route, then its input (invalidating `[route]` reaches every input). */
export const keyOf = <K extends ClientReadRoute>(route: K, input?: RouteInput<K>) =>
  input === undefined ? ([route] as const) : ([route, input] as const);

/** Query options for one read of the contract. */
export const routeQuery = <K extends ClientReadRoute>(route: K, ...[input]: InputArg<K>) =>
  queryOptions({
    queryKey: keyOf(route, input),
    queryFn: ({ signal }) => request(route, input, signal),
  });

/**
 * The same, refusing an answer `check` does not accept (UnexpectedAnswer): for the few screens
 * whose spec prescribes a message for an answer of the wrong shape. The check guards the page,
 * the answer's type still comes from the contract.
 */
export const checkedRouteQuery = <K extends ClientReadRoute>(
  check: (answer: unknown) => boolean,
  route: K,
  ...[input]: InputArg<K>
) =>
  queryOptions({
    queryKey: keyOf(route, input),
    queryFn: async ({ signal }) => {
      const answer = await request(route, input, signal);
      if (!check(answer)) throw new UnexpectedAnswer(answer);
      return answer;
    },
  });

type Extra<K extends ClientReadRoute> = Omit<
  UseQueryOptions<RouteAnswer<K>, Error, RouteAnswer<K>, ReturnType<typeof keyOf<K>>>,
  'queryKey' | 'queryFn' | 'select'
>;

/** Reads a route of the contract through the cache. */
export function useRoute<K extends ClientReadRoute>(
  route: K,
  input: RouteInput<K> | undefined,
  options: Extra<K> = {},
) {
  return useQuery({ ...routeQuery(route, ...([input] as InputArg<K>)), ...options });
}

/**
 * Marks reads as changed (after a write) and loads the shown ones again. A load still in flight
 * started before the write, so its answer may predate it: it is cancelled first (a first load
 * has no answer to keep, and TanStack would otherwise join it instead of asking again).
 */
export const invalidateRoutes = (client: QueryClient, routes: readonly ClientReadRoute[]) =>
  Promise.all(
    routes.map(async (r) => {
      await client.cancelQueries({ queryKey: [r] });
      await client.invalidateQueries({ queryKey: [r] });
    }),
  );
