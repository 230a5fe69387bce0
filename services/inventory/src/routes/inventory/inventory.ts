import { inventoryListSchema, inventoryStatsSchema, ownerListSchema } from '@acg/contracts';
import { type Database, type HttpServer, requireUser } from '@acg/platform';
import { z } from 'zod';
import { toInventoryEntry, toOwner } from '../../domain/entry-view';
import { findCardOwners, findUserEntries, userStats } from '../../repository/entries';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Inventory reads (spec 1 §7, spec 3 §7). */
export function registerInventoryRoutes(app: HttpServer, database: Database): void {
  const db = database.db;

  // With card_id: the card's owners. Without: the signed-in user's cards, as /my.
  app.get(
    '/api/inventory',
    { schema: { querystring: z.object({ card_id: id.optional() }) } },
    async (req) => {
      const userId = requireUser(req);
      if (req.query.card_id !== undefined) {
        return ownerListSchema.parse((await findCardOwners(db, req.query.card_id)).map(toOwner));
      }
      return (await findUserEntries(db, userId)).map(toInventoryEntry);
    },
  );

  app.get('/api/inventory/my', { schema: { response: { 200: inventoryListSchema } } }, async (req) =>
    (await findUserEntries(db, requireUser(req))).map(toInventoryEntry),
  );

  app.get('/api/inventory/stats', { schema: { response: { 200: inventoryStatsSchema } } }, async (req) =>
    userStats(db, requireUser(req)),
  );

  // Spec 3 §3's inventory item (Card.Rank.name) plus the member entry fields.
  app.get('/admin/users/:id/inventory', { schema: { params: z.object({ id }) } }, async (req) =>
    (await findUserEntries(db, req.params.id)).map((row) => {
      const entry = toInventoryEntry(row);
      return { ...entry, Card: { ...entry.Card, Rank: { ...entry.Card.Rank, name: entry.Card.Rank.title } } };
    }),
  );
}
