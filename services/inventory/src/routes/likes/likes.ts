import { likeResultSchema, likesSchema } from '@acg/contracts';
import { t } from '@acg/i18n/server';
import {
  type Database,
  type HttpServer,
  NotFoundError,
  type OutboxRelay,
  requireUser,
  text,
} from '@acg/platform';
import { z } from 'zod';
import type { CardExists } from '../../cards/card-exists';
import { addLike, countLikes, countPrinted, hasLiked } from '../../repository/likes';
import { idParam } from '../params';

const params = z.object({ cardId: idParam });

/** Likes (requirements M4, M7): one per user and card, enforced by the database. */
export function registerLikeRoutes(
  app: HttpServer,
  deps: { database: Database; relay: OutboxRelay; cardExists: CardExists },
): void {
  const { database, relay, cardExists } = deps;
  const { db } = database;

  // A card nobody liked (or not known at all) simply has no likes: the page asks per card.
  app.get('/api/cards/:cardId/likes', { schema: { params, response: { 200: likesSchema } } }, async (req) => {
    const userId = requireUser(req);
    const { cardId } = req.params;
    const [likes, liked, printed] = await Promise.all([
      countLikes(db, cardId),
      hasLiked(db, cardId, userId),
      countPrinted(db, cardId),
    ]);
    return { likes, liked, printed };
  });

  app.post(
    '/api/cards/:cardId/like',
    { schema: { params, response: { 200: likeResultSchema, 409: likeResultSchema } } },
    async (req, reply) => {
      const userId = requireUser(req);
      const { cardId } = req.params;
      if (!(await cardExists(cardId, req.id)))
        throw new NotFoundError(text('catalogue.cardNotFound'), { cardId });
      const { added, likes } = await addLike(database, cardId, userId);
      if (!added)
        return reply
          .code(409)
          .send({ success: false, likes, error: t(req.identity.language, 'inventory.alreadyLiked') });
      relay.kick();
      return { success: true, likes };
    },
  );
}
