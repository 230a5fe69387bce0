import { readGauge, serviceCounter } from '@acg/platform';
import { type LimitWindow, type Work, worstCase } from './budget';

/**
 * The upstream budgets of Shikimori and AniList on anime-search's /metrics (issue 26): the most
 * requests a sliding minute may see (the budget, from the limit windows) and the requests each
 * replica started, by kind of work. The budget left in a minute is the first less the sum over
 * replicas of the second's increase (the dashboards and alerts in deploy/observability).
 */
export function budgetMetrics(windows: Record<string, readonly LimitWindow[]>) {
  const started = serviceCounter({
    name: 'acg_upstream_requests_total',
    help: 'Requests started to an anime site (shikimori, anilist), by kind of work (user, background)',
    labelNames: ['source', 'work'] as const,
  });
  const perMinute = readGauge({
    name: 'acg_upstream_budget_per_minute',
    help: 'The most requests to an anime site that any sliding minute may see (every replica together)',
    labelNames: ['source'],
    read: async () =>
      Object.entries(windows).map(([source, w]) => ({ labels: { source }, value: worstCase(w, 60_000) })),
  });
  return {
    metrics: [started, perMinute],
    onStart: (source: string, work: Work) => started.inc({ source, work }),
  };
}
