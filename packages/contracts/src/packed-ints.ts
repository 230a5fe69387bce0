import { z } from 'zod';

/**
 * A list of 32-bit integers as the base64 of their big-endian bytes: what PostgreSQL's `int4send`
 * writes, so a statement can build it with `string_agg(int4send(x), ''::bytea order by …)` and a
 * reader decodes it without parsing text. Long figure lists travel this way (inventory.card-stats):
 * a fraction of their JSON's size, with no per-number parsing or validation. `packInts` and
 * `unpackInts` (in @acg/platform) write and read it.
 */
export const packedIntsSchema = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64 expected');
