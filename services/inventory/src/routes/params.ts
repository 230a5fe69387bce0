import { id } from '@acg/contracts';

/** A database id in a path or query: a positive 32-bit integer; anything else is a 400. */
export const idParam = id();
