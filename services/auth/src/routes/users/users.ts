import type { HttpServer } from '@acg/platform';
import type { AuthContext } from '../../context';
import { toPublicUser } from '../../domain/user-view';
import { listPublicUsers } from '../../repository/users';
import { usersListResponse } from './schema';

/**
 * GET /api/users (signed-in users; the route table's rule is enforced by the platform): every
 * user as others see them. The trade page removes the current user itself (requirements M7).
 */
export function usersRoutes(app: HttpServer, ctx: AuthContext): void {
  app.get('/api/users', { schema: { response: { 200: usersListResponse } } }, async () => {
    const rows = await listPublicUsers(ctx.database.db);
    return rows.map(toPublicUser);
  });
}
