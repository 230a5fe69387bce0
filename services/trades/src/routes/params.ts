import { id, int4, TRADE_STATUSES } from '@acg/contracts';
import { z } from 'zod';

export const idParam = id();
/** ?status= : one of the statuses; empty means all. */
export const statusQuery = z.preprocess((v) => (v === '' ? undefined : v), z.enum(TRADE_STATUSES).optional());
export const limitQuery = int4(1, 100).default(20);
export const offsetQuery = int4(0).default(0);
