import { safeString } from '@acg/contracts';
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

/** Where a failed sign-in lands: the home page, which can tell the visitor it did not work. */
export const LOGIN_FAILED_LOCATION = '/?login=failed';
export const LOGIN_DONE_LOCATION = '/';
