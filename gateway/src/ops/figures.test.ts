import { describe, expect, it } from 'vitest';
import { p95, snapshotOf, windowFigures } from './figures';
import { parseMetricsText } from './metrics-text';

/** A service's /metrics as prom-client writes it: 100 answers of one route, 10 of them 5xx. */
const TEXT = `# HELP http_request_duration_seconds HTTP request duration in seconds
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_bucket{le="0.01",method="GET",route="/api/x",status_code="200",service="catalogue"} 50
http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/x",status_code="200",service="catalogue"} 90
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/x",status_code="200",service="catalogue"} 90
http_request_duration_seconds_sum{method="GET",route="/api/x",status_code="200",service="catalogue"} 2
http_request_duration_seconds_count{method="GET",route="/api/x",status_code="200",service="catalogue"} 90
http_request_duration_seconds_bucket{le="0.01",method="GET",route="/api/x",status_code="503",service="catalogue"} 0
http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/x",status_code="503",service="catalogue"} 0
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/x",status_code="503",service="catalogue"} 10
http_request_duration_seconds_count{method="GET",route="/api/x",status_code="503",service="catalogue"} 10
http_request_duration_seconds_count{method="GET",route="/metrics",status_code="200",service="catalogue"} 5000
process_start_time_seconds{service="catalogue"} 1000
acg_bus_consumer_lag_seconds_sum{service="catalogue",durable="c-users"} 3
acg_bus_consumer_lag_seconds_count{service="catalogue",durable="c-users"} 6
acg_outbox_pending_events{service="catalogue"} 4
acg_outbox_oldest_pending_age_seconds{service="catalogue"} 12.5
weird{a="x\\"y\\\\z",b="line\\nnext"} 1
not a sample line
`;

describe('the Prometheus text format', () => {
  it('reads samples with their labels, unescaping values, and skips comments and broken lines', () => {
    const samples = parseMetricsText(TEXT);
    expect(samples).toHaveLength(16);
    expect(samples.find((s) => s.name === 'weird')?.labels).toEqual({ a: 'x"y\\z', b: 'line\nnext' });
    const inf = samples.find((s) => s.labels.le === '+Inf');
    expect(inf?.value).toBe(90);
  });
});

describe('a process figures', () => {
  const at = 1_000_000 + 100_000;
  const now = snapshotOf([parseMetricsText(TEXT)], at);

  it('counts answers without the probes, errors, the outbox and the lag', () => {
    expect(now.requests).toBe(100);
    expect(now.errors).toBe(10);
    expect(now.outboxPending).toBe(4);
    expect(now.outboxAgeSeconds).toBe(12.5);
    expect(now.deadLetters).toBe(0);
    expect(now.startedAt).toBe(1_000_000);
  });

  it('gives rates since the start without an earlier reading: 100 answers in 100 s', () => {
    const w = windowFigures(now, null);
    expect(w.windowSeconds).toBe(100);
    expect(w.requestsPerSecond).toBe(1);
    expect(w.errorRatio).toBeCloseTo(0.1);
    expect(w.busLagSeconds).toBe(0.5);
    // 95th of 100: the 95th answer is the 5th of the 10 in (0.1, +Inf): the bucket's lower bound.
    expect(w.latencyP95Ms).toBe(100);
  });

  it('gives rates since an earlier reading, and ignores one whose counters went back (a restart)', () => {
    const earlier = { ...snapshotOf([], at - 10_000), requests: 80, errors: 10, lagSum: 3, lagCount: 6 };
    earlier.buckets = new Map([
      [0.01, 40],
      [0.1, 70],
      [Number.POSITIVE_INFINITY, 80],
    ]);
    const w = windowFigures(now, earlier);
    expect(w.windowSeconds).toBe(10);
    expect(w.requestsPerSecond).toBe(2);
    expect(w.errorRatio).toBe(0);
    expect(w.busLagSeconds).toBeNull();
    const restarted = windowFigures(now, { ...earlier, requests: 500 });
    expect(restarted.windowSeconds).toBe(100);
  });

  it('interpolates the 95th percentile within its bucket', () => {
    const buckets = new Map([
      [0.1, 0],
      [0.2, 100],
      [Number.POSITIVE_INFINITY, 100],
    ]);
    expect(p95(buckets, new Map())).toBeCloseTo(0.195);
    expect(p95(buckets, buckets)).toBeNull();
  });

  it('reports no outbox or lag for a process without them', () => {
    const bare = snapshotOf([parseMetricsText('process_start_time_seconds 5\n')], 10_000);
    expect([bare.outboxPending, bare.deadLetters, bare.hasConsumers]).toEqual([null, null, false]);
  });
});
