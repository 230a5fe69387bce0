import { DEADLETTER_SUBJECT_PREFIX, type EventEnvelope } from '@acg/contracts';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { backoffMs, createOutageLog, isOutage } from '../outage';
import type { Bus, ConsumeOptions, Subscription } from './types';

/** Defaults shared by both buses so embedded and distributed runs retry the same way. */
export const DEFAULT_MAX_DELIVER = 5;
export const DEFAULT_BACKOFF_MS = [250, 1000, 5000, 15_000, 30_000];
/** How long a published envelope id is remembered for de-duplication (the stream's window). */
export const DUPLICATE_WINDOW_MS = 2 * 60_000;

/** Delay before the next delivery after the `deliveryCount`-th one failed; the last step repeats. */
export function redeliveryDelay(backoffMs: readonly number[], deliveryCount: number): number {
  if (backoffMs.length === 0) return 0;
  return backoffMs[Math.min(Math.max(deliveryCount - 1, 0), backoffMs.length - 1)] ?? 0;
}

export const deadLetterSubject = (durable: string): string => `${DEADLETTER_SUBJECT_PREFIX}${durable}`;

/** An event a consumer gave up on after `maxDeliver` failed deliveries. */
export interface DeadLetter {
  durable: string;
  /** Subject the event was published on, e.g. `events.user.created`. */
  subject: string;
  /** The envelope as published (null only when the message was not a valid envelope). */
  event: EventEnvelope | null;
  deliveryCount: number;
  /** Message of the last handler error. */
  error: string;
  deadAt: string;
}

/**
 * Additive to Bus: both implementations can list a consumer's dead letters (tests and admin
 * tooling read them; NATS keeps them in the DEADLETTER stream).
 */
export interface DeadLetterReader {
  deadLetters(durable: string): Promise<DeadLetter[]>;
}

export type InspectableBus = Bus & DeadLetterReader;

/**
 * A bus as a plain object of bound methods, so callers (and tests) may spread it to replace
 * one method, as they could before the buses became classes.
 */
export function plainBus(bus: InspectableBus): InspectableBus {
  return {
    kind: bus.kind,
    request: bus.request.bind(bus),
    serve: bus.serve.bind(bus),
    publish: bus.publish.bind(bus),
    consume: bus.consume.bind(bus),
    listen: bus.listen.bind(bus),
    ready: bus.ready.bind(bus),
    drain: bus.drain.bind(bus),
    deadLetters: bus.deadLetters.bind(bus),
  };
}

/** Consumer options with defaults applied, checked the same way by both buses. */
export interface ConsumerPolicy {
  durable: string;
  types: string[];
  maxDeliver: number;
  backoffMs: number[];
}

// JetStream durable names may not contain these; the memory bus refuses them too so code that
// runs embedded also runs against NATS.
const DURABLE_NAME = /^[^.*>\s]+$/;

export function consumerPolicy(opts: ConsumeOptions): ConsumerPolicy {
  if (!DURABLE_NAME.test(opts.durable)) throw new Error(`Invalid durable consumer name: ${opts.durable}`);
  if (opts.types.length === 0) throw new Error(`Consumer ${opts.durable} handles no event types`);
  const maxDeliver = opts.maxDeliver ?? DEFAULT_MAX_DELIVER;
  if (!Number.isInteger(maxDeliver) || maxDeliver < 1) throw new Error(`Invalid maxDeliver: ${maxDeliver}`);
  return {
    durable: opts.durable,
    types: [...new Set(opts.types)],
    maxDeliver,
    backoffMs: opts.backoffMs ?? DEFAULT_BACKOFF_MS,
  };
}

export const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** A handler's failure that is an outage (a lost database or cache, an upstream answering 503), not the event's fault. */
export const isOutageFailure = (err: unknown): boolean =>
  (err instanceof AppError && err.status === 503) || isOutage(err);

/**
 * A consumer meeting an outage pauses on its event (rules §48): the handler is run again with a
 * growing delay (250 ms doubling to 2 s), the delivery kept alive meanwhile, instead of spending
 * the event's deliveries and ending in the dead letters while a dependency restarts. The outage
 * is logged once when it starts and once when it ends. Any other failure goes to the bus's
 * redelivery as before; stop() ends the pause (the bus then hands the event back).
 */
export function pausingOnOutage(
  handler: ConsumeOptions['handler'],
  logger: Logger | undefined,
  durable: string,
): { handler: ConsumeOptions['handler']; stop(): void } {
  const outage = createOutageLog(logger, `consumer ${durable}`);
  let stopped = false;
  const wakers = new Set<() => void>();
  return {
    async handler(event, ctx) {
      for (let failures = 1; ; failures++) {
        try {
          await handler(event, ctx);
          outage.ok();
          return;
        } catch (err) {
          if (stopped || !isOutageFailure(err)) throw err;
          outage.failed(err);
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              wakers.delete(done);
              resolve();
            };
            const timer = setTimeout(done, backoffMs(failures));
            wakers.add(done);
          });
          if (stopped) throw err;
        }
      }
    },
    stop() {
      stopped = true;
      for (const wake of [...wakers]) wake();
    },
  };
}

/** A subscription whose stop() first ends the pause of a paused handler. */
export const stoppingPause = (inner: Subscription, pause: { stop(): void }): Subscription => ({
  async stop() {
    pause.stop();
    await inner.stop();
  },
});
