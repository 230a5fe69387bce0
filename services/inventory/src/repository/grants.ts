import { type inventoryGrant, inventoryGranted } from '@acg/contracts';
import { type Database, enqueue, makeEvent, NotFoundError, type Tx, text } from '@acg/platform';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cardSummaries, copies, entries, grants, movements, outbox, printRuns } from '../db/schema';

export type GrantRequest = z.output<typeof inventoryGrant.request>;
export type GrantResult = z.output<typeof inventoryGrant.response>;

/**
 * Gives one copy of a card (architecture §9), all in one transaction:
 * 1. claim the idempotency key by inserting the grant row. When the key exists, return its
 *    first result with `granted: false` and change nothing. A call racing the first one with
 *    the same key waits on the key's unique index until the first commits (then it finds the
 *    row) or rolls back (then it claims the key itself);
 * 2. refuse a card catalogue has deleted (a card inventory has not heard of is granted: the
 *    grant needs only its id, the summary follows);
 * 3. add the copy: insert the entry or raise its quantity by one (the row lock of the upsert
 *    serialises concurrent grants of one card to one user);
 * 4. print it: raise the card's print run by one and record the copy under that number (the run's
 *    row lock serialises concurrent grants of one card, so numbers are unique and, since a grant
 *    that rolls back takes its number back, gapless);
 * 5. record the movement (provenance), the result on the grant row, and enqueue inventory.granted.
 * The caller kicks the outbox relay after commit when `granted` is true.
 */
export function grantCard(database: Database, req: GrantRequest): Promise<GrantResult> {
  return database.transaction(async (tx) => {
    const claimed = await tx
      .insert(grants)
      .values({ ...req, entryId: 0, quantity: 0 })
      .onConflictDoNothing()
      .returning({ key: grants.idempotencyKey });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(grants).where(eq(grants.idempotencyKey, req.idempotencyKey));
      if (!first) throw new Error(`grant ${req.idempotencyKey} conflicted but cannot be read`);
      return {
        granted: false,
        entryId: first.entryId,
        quantity: first.quantity,
        obtainedAt: first.obtainedAt.toISOString(),
        printNumber: first.printNumber,
      };
    }

    const [card] = await tx
      .select({ deleted: cardSummaries.deleted })
      .from(cardSummaries)
      .where(eq(cardSummaries.id, req.cardId));
    if (card?.deleted) throw new NotFoundError(text('catalogue.cardNotFound'), { cardId: req.cardId });

    const [entry] = await tx
      .insert(entries)
      .values({ userId: req.userId, cardId: req.cardId, quantity: 1 })
      .onConflictDoUpdate({
        target: [entries.userId, entries.cardId],
        set: { quantity: sql`${entries.quantity} + 1`, updatedAt: sql`now()` },
      })
      .returning({ id: entries.id, quantity: entries.quantity, obtainedAt: entries.obtainedAt });
    if (!entry) throw new Error('entry upsert returned no row');
    const printNumber = await printCopy(tx, req.cardId, entry.id);

    await tx.insert(movements).values({
      cardId: req.cardId,
      fromUserId: null,
      toUserId: req.userId,
      quantity: 1,
      kind: req.source,
      printNumbers: [printNumber],
    });
    await tx
      .update(grants)
      .set({ entryId: entry.id, quantity: entry.quantity, obtainedAt: entry.obtainedAt, printNumber })
      .where(eq(grants.idempotencyKey, req.idempotencyKey));
    await enqueue(
      tx,
      outbox,
      makeEvent(inventoryGranted, {
        userId: req.userId,
        cardId: req.cardId,
        entryId: entry.id,
        quantity: entry.quantity,
        source: req.source,
        printNumber,
      }),
    );
    return {
      granted: true,
      entryId: entry.id,
      quantity: entry.quantity,
      obtainedAt: entry.obtainedAt.toISOString(),
      printNumber,
    };
  });
}

/** The next print number of a card, taken for a new copy in `entryId` (inside the grant's transaction). */
async function printCopy(tx: Tx, cardId: number, entryId: number): Promise<number> {
  const [run] = await tx
    .insert(printRuns)
    .values({ cardId, printed: 1 })
    .onConflictDoUpdate({ target: printRuns.cardId, set: { printed: sql`${printRuns.printed} + 1` } })
    .returning({ printed: printRuns.printed });
  if (!run) throw new Error('print run upsert returned no row');
  await tx.insert(copies).values({ cardId, printNumber: run.printed, entryId });
  return run.printed;
}
