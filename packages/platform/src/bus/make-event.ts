import { randomUUID } from 'node:crypto';
import type { MakeEvent } from './types';

/** Builds a typed event envelope; invalid data throws here, at the producer, not at consumers. */
export const makeEvent: MakeEvent = (def, data) => ({
  id: randomUUID(),
  type: def.type,
  occurredAt: new Date().toISOString(),
  version: def.version,
  data: def.data.parse(data),
});
