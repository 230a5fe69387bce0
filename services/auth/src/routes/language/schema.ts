import { safeString } from '@acg/contracts';
import { z } from 'zod';

/** Any string reaches the handler, which names the supported languages when it is not one. */
export const changeLanguageParams = z.object({ lang: safeString().max(32) });
export const changeLanguageResponse = z.object({ success: z.literal(true) });
