import type { Database } from '@acg/platform';
import { type SQL, sql } from 'drizzle-orm';

/** The database or a transaction: reads take either. */
export type Executor = Pick<Database['db'], 'select'>;

/** `column = any($1::int[])`: one array parameter, however many ids (not one per id). */
export const inIds = (column: SQL | { getSQL(): SQL }, ids: number[]): SQL =>
  sql`${column} = any(${sql.param(ids)}::int[])`;
