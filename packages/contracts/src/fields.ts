import { z } from 'zod';

/**
 * Field helpers every contract uses for what comes from outside, so a value the database cannot
 * hold is a 400 `validation_failed` naming the field, never a 500 from PostgreSQL. Every id and
 * cursor column is int4 (serial or integer); text columns refuse NUL.
 */
export const INT4_MAX = 2_147_483_647;

/** A database id: 1..2147483647. */
export const idNumber = () => z.number().int().min(1).max(INT4_MAX);
/**
 * A database id in a JSON body that a form may send as text: a number, or a text of digits only.
 * Nothing else is coerced (z.coerce would read true as 1, [2] as 2, '0x2' as 2, ' ' as 0).
 */
export const idInBody = () =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), idNumber());
/**
 * Text of a path or query string read as a number only when it is written in decimal (an optional
 * minus, digits, an optional fraction, so '-1' and '1.5' get their own messages). Anything else
 * stays text and is refused: Number() would read '0x26' as 38, '1e1' as 10, ' 1 ' as 1 and '' as
 * 0, which is another card or page than the one asked for.
 */
const DECIMAL = /^-?\d+(\.\d+)?$/;
const decimalText = (v: unknown) => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v);
/** A whole number from a path or query string within [min, max]. */
const wholeFromText = (min: number, max: number) =>
  z.preprocess(decimalText, z.number().int().min(min).max(max));

/** A database id read from a path or query string (decimal text read as a number). */
export const id = () => wholeFromText(1, INT4_MAX);
/** A keyset cursor (the last id seen) from a query string: 0..2147483647. */
export const cursor = () => wholeFromText(0, INT4_MAX);
/** A whole number from a query string within int4, e.g. a count or a size. */
export const int4 = (min: number, max = INT4_MAX) => wholeFromText(min, max);

const NO_NUL = /^[^\0]*$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * A string PostgreSQL can store: NUL is refused (text columns cannot hold it), and so is an
 * unpaired UTF-16 surrogate (`"\ud800"` in JSON), which no UTF-8 text or jsonb column holds.
 */
export const safeString = () =>
  z
    .string()
    .regex(NO_NUL, 'must not contain a NUL character')
    .refine((s) => !LONE_SURROGATE.test(s), 'must not contain an unpaired surrogate');
