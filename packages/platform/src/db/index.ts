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
  enqueue,
  type OutboxTable,
  outboxTable,
  type ProcessedMessagesTable,
  processedMessagesTable,
} from './outbox';
export { type OutboxRelay, type OutboxRelayOptions, startOutboxRelay } from './relay';
