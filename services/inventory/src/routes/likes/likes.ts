import { likeResultSchema, likesSchema } from '@acg/contracts';
import { type Database, type HttpServer, NotFoundError, type OutboxRelay, requireUser } from '@acg/platform';
import { z } from 'zod';
import { addLike, cardExists, countLikes, hasLiked } from '../../repository/likes';

const params = z.object({ cardId: z.coerce.number().int().positive().max(2_147_483_647) });

/** Likes (spec 1 §4, §7): one per user and card, enforced by the database. */
export function registerLikeRoutes(app: HttpServer, database: Database, relay: OutboxRelay): void {
  const db = database.db;

  app.get('/api/cards/:cardId/likes', { schema: { params, response: { 200: likesSchema } } }, async (req) => {
    const userId = requireUser(req);
    const [likes, liked] = await Promise.all([
      countLikes(db, req.params.cardId),
      hasLiked(db, req.params.cardId, userId),
    ]);
    return { likes, liked };
  });

  app.post(
    '/api/cards/:cardId/like',
    { schema: { params, response: { 200: likeResultSchema, 409: likeResultSchema } } },
    async (req, reply) => {
      const userId = requireUser(req);
      if (!(await cardExists(db, req.params.cardId))) throw new NotFoundError('Card not found');
      const { added, likes } = await addLike(database, req.params.cardId, userId);
      if (!added)
        return reply.code(409).send({ success: false, likes, error: 'You already liked this card' });
      relay.kick();
      return { success: true, likes };
    },
  );
}
