import { z } from 'zod';

/**
 * Client-facing error body: the spec's `{ error, details? }`, plus a stable `code`
 * (additive) that clients and logs can match on.
 */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
