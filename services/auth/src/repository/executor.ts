import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';

/** The database or a transaction in it: repository functions run in either. */
export type Executor = PgDatabase<NodePgQueryResultHKT, Record<string, unknown>>;
