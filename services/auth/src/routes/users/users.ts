import type { HttpServer } from '@acg/platform';
import type { AuthContext } from '../../context';
import { toPublicUser } from '../../domain/user-view';
import { listPublicUsers, searchPublicUsers } from '../../repository/users';
import { usersListResponse, usersQuerySchema } from './schema';

/**
 * GET /api/users (signed-in users; the route table's rule is enforced by the platform): every
 * user as others see them. The trade page removes the current user itself (requirements M7).
 * With `q` (additive), only the members whose names match, at most `limit` (default 20).
 */
export function usersRoutes(app: HttpServer, ctx: AuthContext): void {
  app.get(
    '/api/users',
    { schema: { querystring: usersQuerySchema, response: { 200: usersListResponse } } },
    async (req) => {
      const { q, limit } = req.query;
      const rows = q
        ? await searchPublicUsers(ctx.database.db, q, limit ?? 20)
        : (await listPublicUsers(ctx.database.db)).slice(0, limit);
      return rows.map(toPublicUser);
    },
  );
}
