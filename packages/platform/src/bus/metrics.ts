import { Counter, Histogram } from 'prom-client';
import { DEFAULT_MAX_DELIVER, isOutageFailure } from './delivery';
import type { Bus, ConsumeOptions } from './types';

/**
 * What a service's use of the bus looks like to Prometheus (issue 26; dashboards and alerts in
 * deploy/observability): the events it published, and for each of its durable consumers the
 * deliveries (handled or failed), the redeliveries, the events given up on (dead letters) and the
 * lag — the time from an event's occurrence (its envelope's `occurredAt`, so the outbox's wait
 * is in it) to its first delivery. Counted where the service calls the bus, so both buses report
 * alike; the dead letters are the failures of an event's last allowed delivery that were not an
 * outage (an outage pauses the consumer instead: rules §48).
 */
export function busMetrics() {
  const labelNames = ['durable'] as const;
  const published = new Counter({
    name: 'acg_bus_published_total',
    help: 'Events this service published on the bus, by type',
    labelNames: ['type'] as const,
    registers: [],
  });
  const deliveries = new Counter({
    name: 'acg_bus_deliveries_total',
    help: "Deliveries to this service's durable consumers, by outcome (ok, failed)",
    labelNames: ['durable', 'outcome'] as const,
    registers: [],
  });
  const redeliveries = new Counter({
    name: 'acg_bus_redeliveries_total',
    help: 'Deliveries of an event that had been delivered before (a failed handler, a lost ack)',
    labelNames,
    registers: [],
  });
  const deadLetters = new Counter({
    name: 'acg_bus_dead_letters_total',
    help: 'Events a consumer gave up on after its last allowed delivery failed',
    labelNames,
    registers: [],
  });
  const lag = new Histogram({
    name: 'acg_bus_consumer_lag_seconds',
    help: "Seconds from an event's occurrence to its first delivery to a consumer",
    labelNames,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300],
    registers: [],
  });

  const instrument = (opts: ConsumeOptions): ConsumeOptions => {
    const { durable } = opts;
    const maxDeliver = opts.maxDeliver ?? DEFAULT_MAX_DELIVER;
    // A consumer paused on an outage runs the handler again for the same delivery: lag once.
    let lastTimed: string | undefined;
    return {
      ...opts,
      async handler(event, ctx) {
        if (ctx.deliveryCount > 1) redeliveries.inc({ durable });
        else if (lastTimed !== event.id) {
          lastTimed = event.id;
          lag.observe({ durable }, Math.max(0, (Date.now() - Date.parse(event.occurredAt)) / 1000));
        }
        try {
          await opts.handler(event, ctx);
          deliveries.inc({ durable, outcome: 'ok' });
        } catch (err) {
          deliveries.inc({ durable, outcome: 'failed' });
          if (ctx.deliveryCount >= maxDeliver && !isOutageFailure(err)) deadLetters.inc({ durable });
          throw err;
        }
      },
    };
  };

  return {
    metrics: [published, deliveries, redeliveries, deadLetters, lag],
    /** The bus as the service uses it, counted; every other method is the bus's own. */
    wrap<B extends Bus>(bus: B): B {
      const counted: Bus = {
        kind: bus.kind,
        request: bus.request.bind(bus),
        serve: bus.serve.bind(bus),
        listen: bus.listen.bind(bus),
        ready: bus.ready.bind(bus),
        drain: bus.drain.bind(bus),
        async publish(event) {
          await bus.publish(event);
          published.inc({ type: event.type });
        },
        consume: (opts) => bus.consume(instrument(opts)),
      };
      const reader = (bus as { deadLetters?: (durable: string) => Promise<unknown> }).deadLetters;
      return Object.assign(counted, reader ? { deadLetters: reader.bind(bus) } : {}) as B;
    },
  };
}
