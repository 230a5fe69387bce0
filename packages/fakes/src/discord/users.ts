import type { FastifyInstance } from 'fastify';
import { discordUserJson } from './accounts';
import type { FakeDiscordStore } from './store';

/** Discord's REST answer for a missing or invalid token. */
const UNAUTHORIZED = { message: '401: Unauthorized', code: 0 };

/** GET /users/@me with the bearer token from the token endpoint. */
export function registerUsers(app: FastifyInstance, store: FakeDiscordStore): void {
  app.get('/users/@me', async (req, reply) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? store.accessToken(header.slice(7)) : undefined;
    const account = token && store.account(token.discordId);
    if (!token || !account) return reply.code(401).send(UNAUTHORIZED);
    return discordUserJson(account, token.scopes);
  });
}
