import { defineEvent } from '@acg/contracts';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UnavailableError } from '../errors';
import { registerMetrics } from '../http/metrics';
import type { InspectableBus } from './delivery';
import { makeEvent } from './make-event';
import { createMemoryBus } from './memory';
import { busMetrics } from './metrics';

const cardDropped = defineEvent('card.dropped', z.object({ cardId: z.number().int() }));

/** The value of one series of a registry's metrics, by name and labels. */
async function seriesValue(registry: Registry, name: string, labels: Record<string, string>) {
  // A histogram's series (…_count) are values of the histogram, named by metricName.
  const values = (await registry.getMetricsAsJSON()).flatMap((m) =>
    m.values.map((v) => ({ ...v, series: (v as { metricName?: string }).metricName ?? m.name })),
  );
  const sample = values.find(
    (v) =>
      v.series === name &&
      Object.entries(labels).every(([k, want]) => String((v.labels as Record<string, unknown>)[k]) === want),
  );
  return sample?.value ?? 0;
}

describe('the bus metrics', () => {
  let inner: InspectableBus;
  afterEach(async () => {
    await inner.drain();
  });

  const counted = () => {
    inner = createMemoryBus({});
    const metrics = busMetrics();
    const registry = new Registry();
    registerMetrics(registry, ...metrics.metrics);
    return { bus: metrics.wrap(inner), registry };
  };

  it('count published events, deliveries, redeliveries, the dead letters and the lag', async () => {
    const { bus, registry } = counted();
    let calls = 0;
    await bus.consume({
      durable: 'd-fail',
      types: ['card.dropped'],
      maxDeliver: 2,
      backoffMs: [0],
      handler: async () => {
        calls++;
        throw new Error('broken event');
      },
    });
    await bus.consume({ durable: 'd-ok', types: ['card.dropped'], handler: async () => {} });
    await bus.publish(makeEvent(cardDropped, { cardId: 1 }));
    await expect
      .poll(async () => seriesValue(registry, 'acg_bus_dead_letters_total', { durable: 'd-fail' }))
      .toBe(1);
    expect(calls).toBe(2);
    expect(await seriesValue(registry, 'acg_bus_published_total', { type: 'card.dropped' })).toBe(1);
    expect(
      await seriesValue(registry, 'acg_bus_deliveries_total', { durable: 'd-fail', outcome: 'failed' }),
    ).toBe(2);
    expect(await seriesValue(registry, 'acg_bus_redeliveries_total', { durable: 'd-fail' })).toBe(1);
    await expect
      .poll(async () => seriesValue(registry, 'acg_bus_deliveries_total', { durable: 'd-ok', outcome: 'ok' }))
      .toBe(1);
    // The lag: once per event and consumer, at its first delivery.
    expect(await seriesValue(registry, 'acg_bus_consumer_lag_seconds_count', { durable: 'd-ok' })).toBe(1);
    expect(await seriesValue(registry, 'acg_bus_consumer_lag_seconds_count', { durable: 'd-fail' })).toBe(1);
    expect((await bus.deadLetters('d-fail')).length).toBe(1);
  });

  it('count no dead letter for an outage: the consumer pauses on it instead', async () => {
    const { bus, registry } = counted();
    let calls = 0;
    await bus.consume({
      durable: 'd-outage',
      types: ['card.dropped'],
      maxDeliver: 1,
      handler: async () => {
        if (++calls === 1) throw new UnavailableError();
      },
    });
    await bus.publish(makeEvent(cardDropped, { cardId: 2 }));
    await expect
      .poll(
        async () => seriesValue(registry, 'acg_bus_deliveries_total', { durable: 'd-outage', outcome: 'ok' }),
        {
          timeout: 5000,
        },
      )
      .toBe(1);
    expect(await seriesValue(registry, 'acg_bus_dead_letters_total', { durable: 'd-outage' })).toBe(0);
    expect(await seriesValue(registry, 'acg_bus_consumer_lag_seconds_count', { durable: 'd-outage' })).toBe(
      1,
    );
  });
});
