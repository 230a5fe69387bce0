import { adminInventoryListSchema } from '@acg/contracts';
import type { Database, HttpServer } from '@acg/platform';
import { z } from 'zod';
import { toAdminInventoryItem } from '../../domain/entry-view';
import { findUserEntries } from '../../repository/entries';
import { idParam } from '../params';

/**
 * A user's inventory for the administrator's user modal (requirements O3, O7), newest first, cards
 * catalogue deleted included (marked). A user inventory has never granted to answers an empty
 * list: auth owns users, and inventory does not ask it whether the id exists.
 */
export function registerAdminInventoryRoutes(app: HttpServer, database: Database): void {
  app.get(
    '/admin/users/:id/inventory',
    { schema: { params: z.object({ id: idParam }), response: { 200: adminInventoryListSchema } } },
    async (req) => {
      const rows = await findUserEntries(database.db, req.params.id, { includeDeleted: true });
      return rows.map((row) => toAdminInventoryItem(row, req.identity.language));
    },
  );
}
