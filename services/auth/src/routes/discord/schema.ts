import { safeString } from '@acg/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * What Discord sends back to /auth/discord/callback: `code` and `state` after consent, or
 * `error` (e.g. access_denied) and `state`. Read leniently: a malformed callback is a failed
 * sign-in (a redirect), not a 400.
 */
export const callbackQuerySchema = z.object({
  code: safeString().max(2048).optional(),
  state: safeString().max(2048).optional(),
  error: safeString().max(2048).optional(),
  error_description: safeString().max(2048).optional(),
});
export type CallbackQuery = z.infer<typeof callbackQuerySchema>;

/** A callback's query parameters as sent (openid-client reads them) and as read leniently. */
export const callbackQuery = (req: FastifyRequest) => {
  const params = new URL(req.url, 'http://callback.invalid').searchParams;
  return { params, query: callbackQuerySchema.safeParse(Object.fromEntries(params)) };
};

/**
 * GET /auth/discord?returnTo=/characters: the page to come back to. Read leniently as well: a
 * missing or unsafe value means the home page (domain/return-to), never a 400.
 */
export const beginQuerySchema = z.object({ returnTo: z.unknown().optional() });
