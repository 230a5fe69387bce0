import { auditRecorded, userCreated, userLevelChanged, userUpdated } from '@acg/contracts';
import { type Bus, type Database, type Subscription, startIdempotentConsumer } from '@acg/platform';
import { processedMessages } from '../db/schema';
import { appendAuditRecord } from '../repository/audit-log';
import { applyLevel, applyUser } from '../repository/users';

/** Durable consumer names (also the `consumer` column of processed messages). */
export const AUDIT_CONSUMER = 'admin-audit';
export const USER_CONSUMER = 'admin-users';

/**
 * The audit log is filled from every service's `audit.recorded` events, each applied once (its
 * id recorded in the same transaction, and the row unique by event id too) and acked only after
 * commit. The users projection (names and Discord IDs of actors) follows auth's user events.
 */
export async function startAuditConsumers(
  bus: Pick<Bus, 'consume'>,
  database: Database,
): Promise<Subscription[]> {
  const audit = await startIdempotentConsumer({
    database,
    table: processedMessages,
    bus,
    durable: AUDIT_CONSUMER,
    types: [auditRecorded.type],
    handle: (event, tx) =>
      appendAuditRecord(tx, event.id, new Date(event.occurredAt), auditRecorded.data.parse(event.data)),
  });
  const users = await startIdempotentConsumer({
    database,
    table: processedMessages,
    bus,
    durable: USER_CONSUMER,
    types: [userCreated.type, userUpdated.type, userLevelChanged.type],
    handle: async (event, tx) => {
      const asOf = new Date(event.occurredAt);
      if (event.type === userLevelChanged.type) {
        const { id, adminLevel } = userLevelChanged.data.parse(event.data);
        await applyLevel(tx, id, adminLevel, asOf);
      } else {
        await applyUser(tx, userUpdated.data.parse(event.data), asOf);
      }
    },
  });
  return [audit, users];
}
