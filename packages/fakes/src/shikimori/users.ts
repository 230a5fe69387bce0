import type { FastifyInstance } from 'fastify';
import { whoamiJson } from './accounts';
import type { ShikimoriOAuthStore } from './store';

/** GET /api/users/whoami: null without a token (as the site answers guests), 401 for a bad one. */
export function registerUsers(app: FastifyInstance, store: ShikimoriOAuthStore): void {
  app.get('/users/whoami', async (req, reply) => {
    const header = req.headers.authorization;
    if (!header) return reply.type('application/json').send('null');
    const token = header.startsWith('Bearer ') ? store.accessToken(header.slice(7)) : undefined;
    const account = token && store.account(token.accountId);
    if (!account) {
      return reply
        .code(401)
        .header(
          'www-authenticate',
          'Bearer realm="Doorkeeper", error="invalid_token", error_description="The access token is invalid"',
        )
        .send({
          error: 'invalid_token',
          error_description: 'The access token is invalid',
          state: 'unauthorized',
        });
    }
    return whoamiJson(account, `${req.protocol}://${req.host}`);
  });
}
