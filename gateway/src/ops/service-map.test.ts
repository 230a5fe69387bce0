import { describe, expect, it } from 'vitest';
import { parseMetricsText } from './metrics-text';
import { createServiceMap, type ReplicaReading } from './service-map';

/** A replica whose /metrics says it answered `count` requests, started at 0 s. */
const replica = (count: number, ready = true): ReplicaReading => ({
  ready,
  samples: parseMetricsText(
    `process_start_time_seconds 0\nhttp_request_duration_seconds_count{route="/api/x",status_code="200"} ${count}\n`,
  ),
});

describe('the service map reader', () => {
  it('takes rates since the start, then over a window growing from the first look, then the last 5 minutes', async () => {
    let now = 100_000;
    let count = 100;
    const map = createServiceMap([{ name: 'catalogue', read: async () => [replica(count)] }], () => now);
    const rate = async () => {
      const p = (await map.read()).processes[0]!;
      return [p.windowSeconds, p.requestsPerSecond];
    };
    expect(await rate()).toEqual([100, 1]);
    now = 103_000;
    count = 103;
    // 3 s after the first look is too short a window: still since the start.
    expect(await rate()).toEqual([103, 1]);
    now = 110_000;
    count = 130;
    expect(await rate()).toEqual([10, 3]);
    now = 500_000;
    count = 520;
    // The newest reading at least 5 minutes old is the one at 110 s.
    expect(await rate()).toEqual([390, 1]);
  });

  it('says ready, degraded or down from the replicas that answered ready', async () => {
    const map = createServiceMap([
      { name: 'a', read: async () => [replica(1), replica(1)] },
      { name: 'b', read: async () => [replica(1), { ready: false, samples: null }] },
      { name: 'c', read: async () => [{ ready: false, samples: null }] },
    ]);
    const { processes } = await map.read();
    expect(processes.map((p) => [p.name, p.health, p.readyReplicas, p.replicas])).toEqual([
      ['a', 'ready', 2, 2],
      ['b', 'degraded', 1, 2],
      ['c', 'down', 0, 1],
    ]);
    expect(processes[2]!.requestsPerSecond).toBeNull();
  });
});
