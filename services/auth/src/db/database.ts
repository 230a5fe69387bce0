import { fileURLToPath } from 'node:url';
import { createDatabase, type Database, type Logger } from '@acg/platform';

export const AUTH_SCHEMA = 'auth';
export const AUTH_MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The auth service's database: its own schema and the migrations drizzle-kit generated for it. */
export function createAuthDatabase(url: string, logger?: Logger): Database {
  return createDatabase({ url, schema: AUTH_SCHEMA, migrationsFolder: AUTH_MIGRATIONS, logger });
}
