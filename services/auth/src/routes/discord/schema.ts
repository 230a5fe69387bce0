import { z } from 'zod';

/**
 * What Discord sends back to /auth/discord/callback: `code` and `state` after consent, or
 * `error` (e.g. access_denied) and `state`. Read leniently: a malformed callback is a failed
 * sign-in (a redirect), not a 400.
 */
export const callbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
export type CallbackQuery = z.infer<typeof callbackQuerySchema>;

/**
 * GET /auth/discord?returnTo=/characters: the page to come back to. Read leniently as well: a
 * missing or unsafe value means the home page (domain/return-to), never a 400.
 */
export const beginQuerySchema = z.object({ returnTo: z.unknown().optional() });
