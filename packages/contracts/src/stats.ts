import { z } from 'zod';

/** GET /api/stats (requirements M3 "Home stats"). */
export const homeStatsSchema = z.object({
  users: z.number().int(),
  anime: z.number().int(),
  cards: z.number().int(),
});
export type HomeStats = z.infer<typeof homeStatsSchema>;
