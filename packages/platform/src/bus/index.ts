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
export type * from './types';

/** NATS when a URL is configured (distributed mode), else the in-process bus (embedded mode). */
export async function connectBus(opts: {
  natsUrl?: string;
  name: string;
  logger: Logger;
}): Promise<InspectableBus> {
  if (opts.natsUrl) return connectNatsBus({ url: opts.natsUrl, name: opts.name, logger: opts.logger });
  return createMemoryBus({ logger: opts.logger });
}
