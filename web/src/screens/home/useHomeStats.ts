import type { HomeStats } from '@acg/contracts';
import { useQuery } from '@tanstack/react-query';
import { checkedRouteQuery } from '../../api/query';

const COUNTERS = ['users', 'anime', 'cards'] as const satisfies readonly (keyof HomeStats)[];
/** Counters the page can show: three numbers (a wrong answer is the stats error, requirements M8). */
const isStats = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  COUNTERS.every((k) => typeof (v as Record<string, unknown>)[k] === 'number');

/**
 * The home counters (GET /api/stats) through the data layer: the server render shows the
 * pending state, so rendering a page never waits for a service; the browser loads them after
 * hydration (the document preloads the call).
 */
export const useHomeStats = () => useQuery(checkedRouteQuery(isStats, 'GET /api/stats'));
export { COUNTERS };
