import type { Logger } from '../logger';
import type { InspectableBus } from './delivery';
import { createMemoryBus } from './memory';
import { connectNatsBus } from './nats';

export {
  DEFAULT_BACKOFF_MS,
  DEFAULT_MAX_DELIVER,
  type DeadLetter,
  type DeadLetterReader,
  DUPLICATE_WINDOW_MS,
  type InspectableBus,
} from './delivery';
export { BusNoRespondersError, BusTimeoutError, BusUnavailableError } from './errors';
export { makeEvent } from './make-event';
export { createMemoryBus, type MemoryBusOptions } from './memory';
export { connectNatsBus, type NatsBusOptions } from './nats';
export { packInts, unpackInts } from './packed-ints';
export type * from './types';

/** NATS when a URL is configured (distributed mode), else the in-process bus (embedded mode). */
export async function connectBus(opts: {
  natsUrl?: string;
  name: string;
  logger: Logger;
  /** Keeps this system's streams and subjects apart from others on the same NATS server. */
  namespace?: string;
  /** How long stopping waits for an in-flight event handler before naking its message. */
  drainMs?: number;
}): Promise<InspectableBus> {
  if (opts.natsUrl) {
    const ns = opts.namespace;
    return connectNatsBus({
      url: opts.natsUrl,
      name: opts.name,
      logger: opts.logger,
      drainMs: opts.drainMs,
      ...(ns ? { streamPrefix: `${ns.toUpperCase().replaceAll('-', '_')}_`, subjectPrefix: `${ns}.` } : {}),
    });
  }
  return createMemoryBus({ logger: opts.logger });
}
export { busMetrics } from './metrics';
