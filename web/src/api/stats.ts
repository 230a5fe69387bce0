import type { HomeStats } from '@acg/contracts';
import * as z from 'zod/mini';
import { getJson } from './http';

const homeStats: z.ZodMiniType<HomeStats> = z.object({
  users: z.number().check(z.int()),
  anime: z.number().check(z.int()),
  cards: z.number().check(z.int()),
});

/** GET /api/stats: the home page counters. */
export const getHomeStats = (signal?: AbortSignal): Promise<HomeStats> =>
  getJson('/api/stats', homeStats, signal);
