import type { Sample } from './metrics-text';

/**
 * A process's cumulative figures at one reading, summed over the replicas that answered: what the
 * service map's rates and latencies are the differences of (the same series Prometheus scrapes).
 */
export interface Snapshot {
  at: number;
  /** The earliest start of the replicas read (ms since the epoch): counters count from there. */
  startedAt: number;
  requests: number;
  errors: number;
  /** Answers by upper bound of the duration histogram (seconds → cumulative count). */
  buckets: Map<number, number>;
  lagSum: number;
  lagCount: number;
  /** null: the process reports no such figure (no consumer, no outbox). */
  hasConsumers: boolean;
  deadLetters: number | null;
  outboxPending: number | null;
  outboxAgeSeconds: number | null;
}

/** Routes whose answers are the system watching itself, not traffic. */
const PROBES = new Set(['/metrics', '/healthz', '/readyz']);
const DURATION = 'http_request_duration_seconds';

const maxOrNull = (values: number[]) => (values.length ? Math.max(...values) : null);

/** The figures of one process from the samples of each of its replicas that answered. */
export function snapshotOf(replicas: readonly Sample[][], at: number): Snapshot {
  const s: Snapshot = {
    at,
    startedAt: at,
    requests: 0,
    errors: 0,
    buckets: new Map(),
    lagSum: 0,
    lagCount: 0,
    hasConsumers: false,
    deadLetters: null,
    outboxPending: null,
    outboxAgeSeconds: null,
  };
  const pending: number[] = [];
  const ages: number[] = [];
  for (const samples of replicas)
    for (const { name, labels, value } of samples) {
      if (name === 'process_start_time_seconds') s.startedAt = Math.min(s.startedAt, value * 1000);
      else if (name.startsWith(DURATION) && !PROBES.has(labels.route ?? '')) {
        if (name === `${DURATION}_count`) {
          s.requests += value;
          if (Number(labels.status_code) >= 500) s.errors += value;
        } else if (name === `${DURATION}_bucket`) {
          const le = Number(labels.le === '+Inf' ? Number.POSITIVE_INFINITY : labels.le);
          s.buckets.set(le, (s.buckets.get(le) ?? 0) + value);
        }
      } else if (name === 'acg_bus_consumer_lag_seconds_sum') {
        s.hasConsumers = true;
        s.lagSum += value;
      } else if (name === 'acg_bus_consumer_lag_seconds_count') s.lagCount += value;
      else if (name === 'acg_bus_dead_letters_total') s.deadLetters = (s.deadLetters ?? 0) + value;
      else if (name === 'acg_outbox_pending_events') pending.push(value);
      else if (name === 'acg_outbox_oldest_pending_age_seconds') ages.push(value);
    }
  // Every replica reads the same table: the largest reading is the freshest.
  s.outboxPending = maxOrNull(pending);
  s.outboxAgeSeconds = maxOrNull(ages);
  if (s.hasConsumers) s.deadLetters ??= 0;
  return s;
}

/** Nothing counted yet: the base for figures since the process started. */
const zeroAt = (startedAt: number): Snapshot => ({
  ...snapshotOf([], startedAt),
  startedAt,
});

/**
 * The 95th percentile of the answers counted between two readings, in seconds, interpolated
 * within the bucket it falls in (as PromQL's histogram_quantile does); null without answers.
 */
export function p95(now: Map<number, number>, base: Map<number, number>): number | null {
  const bounds = [...now.keys()].sort((a, b) => a - b);
  const counts = bounds.map((le) => (now.get(le) ?? 0) - (base.get(le) ?? 0));
  const total = counts.at(-1) ?? 0;
  if (total <= 0) return null;
  const rank = 0.95 * total;
  for (let i = 0; i < bounds.length; i++) {
    if (counts[i]! < rank) continue;
    const upper = bounds[i]!;
    const lower = i === 0 ? 0 : bounds[i - 1]!;
    if (!Number.isFinite(upper)) return lower;
    const below = i === 0 ? 0 : counts[i - 1]!;
    const inBucket = counts[i]! - below;
    return lower + (upper - lower) * (inBucket > 0 ? (rank - below) / inBucket : 1);
  }
  return null;
}

export interface WindowFigures {
  windowSeconds: number;
  requestsPerSecond: number;
  errorRatio: number | null;
  latencyP95Ms: number | null;
  busLagSeconds: number | null;
}

/**
 * Rates over the window from `base` (an earlier reading of the same replicas, or null: since the
 * process started) to `now`. A base whose counters went backwards (a replica restarted) is not
 * used.
 */
export function windowFigures(now: Snapshot, base: Snapshot | null): WindowFigures {
  const usable = base && base.requests <= now.requests && base.lagCount <= now.lagCount ? base : null;
  const from = usable ?? zeroAt(now.startedAt);
  const windowSeconds = Math.max(0.001, (now.at - from.at) / 1000);
  const requests = now.requests - from.requests;
  const lagCount = now.lagCount - from.lagCount;
  const latency = p95(now.buckets, from.buckets);
  return {
    windowSeconds: Math.round(windowSeconds * 10) / 10,
    requestsPerSecond: requests / windowSeconds,
    errorRatio: requests > 0 ? (now.errors - from.errors) / requests : null,
    latencyP95Ms: latency === null ? null : latency * 1000,
    busLagSeconds: now.hasConsumers && lagCount > 0 ? (now.lagSum - from.lagSum) / lagCount : null,
  };
}
