import type { HomeStats } from '@acg/contracts';
import { useEffect, useState } from 'react';
import { getHomeStats } from '../../api/stats';

export type HomeStatsState =
  | { status: 'loading' }
  | { status: 'ready'; stats: HomeStats }
  | { status: 'error' };

/**
 * Loads the counters in the browser after hydration; the server render shows the loading
 * state, so rendering a page never waits for a service.
 */
export function useHomeStats(): HomeStatsState {
  const [state, setState] = useState<HomeStatsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getHomeStats(controller.signal).then(
      (stats) => setState({ status: 'ready', stats }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
