import { inventoryGranted } from '@acg/contracts';
import { type Database, enqueue, makeEvent } from '@acg/platform';
import { eq, sql } from 'drizzle-orm';
import { entries, grants, outbox } from '../db/schema';

export interface GrantRequest {
  userId: number;
  cardId: number;
  idempotencyKey: string;
  source: 'drop' | 'admin' | 'seed';
}
export interface GrantResult {
  granted: boolean;
  entryId: number;
  quantity: number;
  obtainedAt: string;
}

/**
 * Gives one copy of a card (architecture §9). The grant row is inserted first under its
 * idempotency key: a second call with the same key — even one racing the first, which waits on
 * the key's unique index until the first commits — finds it and returns the first result.
 */
export function grantCard(database: Database, req: GrantRequest): Promise<GrantResult> {
  return database.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(grants)
      .values({ ...req, entryId: 0, quantity: 0 })
      .onConflictDoNothing()
      .returning({ key: grants.idempotencyKey });
    if (!claimed) {
      const [first] = await tx
        .select({ entryId: grants.entryId, quantity: grants.quantity, createdAt: grants.createdAt })
        .from(grants)
        .where(eq(grants.idempotencyKey, req.idempotencyKey));
      return {
        granted: false,
        entryId: first!.entryId,
        quantity: first!.quantity,
        obtainedAt: first!.createdAt.toISOString(),
      };
    }
    const [entry] = await tx
      .insert(entries)
      .values({ userId: req.userId, cardId: req.cardId, quantity: 1 })
      .onConflictDoUpdate({
        target: [entries.userId, entries.cardId],
        set: { quantity: sql`${entries.quantity} + 1`, updatedAt: sql`now()` },
      })
      .returning({ id: entries.id, quantity: entries.quantity, obtainedAt: entries.obtainedAt });
    await tx
      .update(grants)
      .set({ entryId: entry!.id, quantity: entry!.quantity })
      .where(eq(grants.idempotencyKey, req.idempotencyKey));
    await enqueue(
      tx,
      outbox,
      makeEvent(inventoryGranted, {
        userId: req.userId,
        cardId: req.cardId,
        entryId: entry!.id,
        quantity: entry!.quantity,
        source: req.source,
      }),
    );
    return {
      granted: true,
      entryId: entry!.id,
      quantity: entry!.quantity,
      obtainedAt: entry!.obtainedAt.toISOString(),
    };
  });
}
