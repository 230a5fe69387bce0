import { meSchema } from '@acg/contracts';
import type { HttpServer } from '@acg/platform';
import type { AuthContext } from '../../context';
import { toUser } from '../../domain/user-view';
import { findUserById } from '../../repository/users';

/**
 * GET /api/me (additive): the signed-in user's record, or null for a visitor, and the language
 * the gateway resolved for this request. Lets the web client render the navigation and profile.
 */
export function meRoutes(app: HttpServer, ctx: AuthContext): void {
  app.get('/api/me', { schema: { response: { 200: meSchema } } }, async (req) => {
    const { userId, language } = req.identity;
    const row = userId === null ? undefined : await findUserById(ctx.database.db, userId);
    return { user: row ? toUser(row) : null, language };
  });
}
