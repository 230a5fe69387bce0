import { inventoryListSchema, inventoryStatsSchema, ownerListSchema } from '@acg/contracts';
import { type Database, type HttpServer, requireUser } from '@acg/platform';
import { z } from 'zod';
import { toInventoryEntry } from '../../domain/entry-view';
import { toOwner } from '../../domain/owner-view';
import { toInventoryStats } from '../../domain/stats';
import { findCardOwners, findStatsRow, findUserEntries } from '../../repository/entries';
import { idParam } from '../params';

/** Inventory reads of the member area (requirements M7); every route needs a signed-in user. */
export function registerInventoryRoutes(app: HttpServer, database: Database): void {
  const { db } = database;
  const myEntries = async (userId: number, language: string) =>
    (await findUserEntries(db, userId)).map((row) => toInventoryEntry(row, language));

  // With card_id: the card's owners. Without: the caller's own cards, exactly as /my.
  app.get(
    '/api/inventory',
    {
      schema: {
        querystring: z.object({ card_id: idParam.optional() }),
        response: { 200: z.union([ownerListSchema, inventoryListSchema]) },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const cardId = req.query.card_id;
      if (cardId === undefined) return myEntries(userId, req.identity.language);
      return (await findCardOwners(db, cardId)).map(toOwner);
    },
  );

  app.get('/api/inventory/my', { schema: { response: { 200: inventoryListSchema } } }, async (req) =>
    myEntries(requireUser(req), req.identity.language),
  );

  app.get('/api/inventory/stats', { schema: { response: { 200: inventoryStatsSchema } } }, async (req) =>
    toInventoryStats(await findStatsRow(db, requireUser(req))),
  );
}
