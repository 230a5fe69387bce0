import { collectionVisibilitySchema, collectorSchema } from '@acg/contracts';
import { t } from '@acg/i18n/server';
import { type Database, type HttpServer, NotFoundError, requireUser } from '@acg/platform';
import { z } from 'zod';
import { toInventoryEntry } from '../../domain/entry-view';
import { displayName } from '../../domain/owner-view';
import { toInventoryStats } from '../../domain/stats';
import { findCollector, isCollectionHidden, setCollectionHidden } from '../../repository/collectors';
import { findStatsRow, findUserEntries } from '../../repository/entries';
import { idParam } from '../params';

/**
 * Collectors see each other (rules §57): a collector's page /u/{id} reads GET /api/collectors/{id}
 * (signed-in users; the route table says so); its owner may hide the collection with
 * PUT /api/inventory/visibility, and then others see who they are but no cards or counts.
 */
export function registerCollectorRoutes(app: HttpServer, database: Database): void {
  const { db } = database;

  app.get(
    '/api/collectors/:id',
    { schema: { params: z.object({ id: idParam }), response: { 200: collectorSchema } } },
    async (req) => {
      const me = requireUser(req);
      const id = req.params.id;
      const collector = await findCollector(db, id);
      if (!collector)
        throw new NotFoundError(t(req.identity.language, 'inventory.collectorNotFound', { id }), { id });
      const self = me === id;
      const user = {
        id,
        displayName: displayName(id, collector.username),
        avatar: collector.avatar,
        discordId: collector.discordId,
      };
      if (collector.hidden && !self) return { user, hidden: true, self, cards: [], stats: null };
      const [rows, stats] = await Promise.all([findUserEntries(db, id), findStatsRow(db, id)]);
      return {
        user,
        hidden: collector.hidden,
        self,
        cards: rows.map((row) => toInventoryEntry(row, req.identity.language)),
        stats: toInventoryStats(stats),
      };
    },
  );

  app.get(
    '/api/inventory/visibility',
    { schema: { response: { 200: collectionVisibilitySchema } } },
    async (req) => ({
      hidden: await isCollectionHidden(db, requireUser(req)),
    }),
  );

  app.put(
    '/api/inventory/visibility',
    { schema: { body: collectionVisibilitySchema, response: { 200: collectionVisibilitySchema } } },
    async (req) => {
      await setCollectionHidden(db, requireUser(req), req.body.hidden);
      return { hidden: req.body.hidden };
    },
  );
}
