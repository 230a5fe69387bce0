export { type IdempotentConsumerOptions, startIdempotentConsumer } from './consumer';
export {
  createDatabase,
  type Database,
  type DatabaseOptions,
  type Db,
  MIGRATIONS_TABLE,
  quoteIdent,
  type Tables,
  type Tx,
} from './database';
export {
  type EmbeddedPostgres,
  type EmbeddedPostgresOptions,
  freePort,
  startEmbeddedPostgres,
} from './embedded';
export {
  enqueue,
  type OutboxTable,
  outboxTable,
  type ProcessedMessagesTable,
  processedMessagesTable,
} from './outbox';
export { type OutboxRelay, type OutboxRelayOptions, startOutboxRelay } from './relay';
export { createTestDatabase, type TestDatabase } from './test-database';
