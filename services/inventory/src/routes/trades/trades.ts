import { provenanceSchema, safeString, tradeableCopySchema } from '@acg/contracts';
import { allNames, localize } from '@acg/i18n';
import { type Database, type HttpServer, NotFoundError, requireUser, text } from '@acg/platform';
import { z } from 'zod';
import { UNKNOWN_RANK, unknownCardName } from '../../domain/entry-view';
import { findEntry, findProvenance, findTradeable, findUserSummaries } from '../../repository/provenance';
import { idParam } from '../params';

/**
 * What the trade form and the profile's card view read of inventory (docs/rules.md §34):
 * a user's tradeable copies (the recipient-side picker), and the history of an entry's copies.
 */
export function registerTradeRoutes(app: HttpServer, database: Database): void {
  const { db } = database;

  app.get(
    '/api/inventory/tradeable',
    {
      schema: {
        querystring: z.object({
          user_id: idParam.optional(),
          q: safeString().trim().max(100).optional(),
        }),
        response: { 200: z.array(tradeableCopySchema) },
      },
    },
    async (req) => {
      const me = requireUser(req);
      const rows = await findTradeable(db, req.query.user_id ?? me, req.query.q || undefined);
      return rows.map((r) => ({
        inventoryId: r.inventoryId,
        cardId: r.cardId,
        characterName:
          localize(r.characterNames, req.identity.language, r.characterName) ?? unknownCardName(r.cardId),
        characterNames: allNames(r.characterNames, r.characterName),
        imageUrl: r.imageUrl,
        limited: r.limited ?? false,
        rank: {
          code: r.rankCode ?? UNKNOWN_RANK.code,
          title: r.rankTitle ?? UNKNOWN_RANK.title,
          color: r.rankColor ?? UNKNOWN_RANK.color,
        },
        free: r.free,
      }));
    },
  );

  app.get(
    '/api/inventory/:id/history',
    {
      schema: {
        params: z.object({ id: idParam }),
        response: { 200: provenanceSchema },
      },
    },
    async (req) => {
      requireUser(req);
      const entry = await findEntry(db, req.params.id);
      if (!entry) throw new NotFoundError(text('inventory.itemNotFound'));
      const moves = await findProvenance(db, entry.userId, entry.cardId);
      const userIds = [
        ...new Set(moves.flatMap((m) => (m.fromUserId ? [m.fromUserId, m.toUserId] : [m.toUserId]))),
      ];
      const users = await findUserSummaries(db, userIds);
      const userOf = (id: number) => {
        const u = users.get(id);
        return {
          id,
          username: u?.username ?? `ID: ${id}`,
          avatar: u?.avatar ?? null,
          discordId: u?.discordId ?? null,
        };
      };
      return {
        inventoryId: entry.id,
        cardId: entry.cardId,
        userId: entry.userId,
        events: moves.map((m) => ({
          id: m.id,
          kind: m.kind,
          cardId: m.cardId,
          quantity: m.quantity,
          fromUser: m.fromUserId === null ? null : userOf(m.fromUserId),
          toUser: userOf(m.toUserId),
          tradeId: m.tradeId,
          occurredAt: m.occurredAt.toISOString(),
          printNumbers: m.printNumbers,
        })),
      };
    },
  );
}
