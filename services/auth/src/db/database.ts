import { fileURLToPath } from 'node:url';
import type { ServiceDatabaseSpec } from '@acg/platform';

/** The auth service's database: its own schema and the migrations drizzle-kit generated for it. */
export const authDatabase: ServiceDatabaseSpec = {
  schema: 'auth',
  migrationsFolder: fileURLToPath(new URL('../../drizzle', import.meta.url)),
};
