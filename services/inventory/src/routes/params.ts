import { z } from 'zod';

/** A database id in a path or query: a positive 32-bit integer; anything else is a 400. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
