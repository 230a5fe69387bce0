import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS, type FakeDiscordClient, type FakeDiscordStore, s256 } from './store';

type Form = Record<string, unknown>;

/** Discord answers OAuth failures with RFC 6749 §5.2 bodies. */
class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description?: string,
  ) {
    super(error);
  }
}
const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);
const field = (form: Form, name: string): string | undefined =>
  typeof form[name] === 'string' && form[name] !== '' ? (form[name] as string) : undefined;
const required = (form: Form, name: string): string => {
  const value = field(form, name);
  if (value === undefined) throw new OAuthError(400, 'invalid_request', `Missing "${name}" in request.`);
  return value;
};

/** RFC 6749 §2.3.1: HTTP Basic with form-encoded id and secret, or both in the body. */
function authenticateClient(req: FastifyRequest, store: FakeDiscordStore, form: Form): FakeDiscordClient {
  let id = field(form, 'client_id');
  let secret = field(form, 'client_secret');
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString();
    const colon = decoded.indexOf(':');
    const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    try {
      const basicId = formDecode(decoded.slice(0, colon));
      if (colon < 0 || (id !== undefined && id !== basicId)) throw new Error('mismatch');
      id = basicId;
      secret = formDecode(decoded.slice(colon + 1));
    } catch {
      throw new OAuthError(401, 'invalid_client');
    }
  }
  const client = store.client(id);
  if (!client || secret !== client.clientSecret) throw new OAuthError(401, 'invalid_client');
  return client;
}

function tokenPayload(token: { accessToken: string; refreshToken: string; scopes: string[] }) {
  return {
    token_type: 'Bearer',
    access_token: token.accessToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: token.refreshToken,
    scope: token.scopes.join(' '),
  };
}

function exchangeCode(store: FakeDiscordStore, client: FakeDiscordClient, form: Form) {
  const code = store.takeCode(required(form, 'code'));
  if (!code || code.clientId !== client.clientId) throw invalidGrant('Invalid "code" in request.');
  if (required(form, 'redirect_uri') !== code.redirectUri) {
    throw invalidGrant('Invalid "redirect_uri" in request: Mismatching redirect URI.');
  }
  if (s256(required(form, 'code_verifier')) !== code.codeChallenge) {
    throw invalidGrant('Invalid "code_verifier" in request.');
  }
  return tokenPayload(store.issueToken(code));
}

function refresh(store: FakeDiscordStore, client: FakeDiscordClient, form: Form) {
  const old = store.refreshToken(required(form, 'refresh_token'));
  if (!old || old.clientId !== client.clientId) throw invalidGrant('Invalid "refresh_token" in request.');
  store.revoke(old.refreshToken);
  return tokenPayload(store.issueToken(old));
}

function sendError(err: unknown, reply: FastifyReply) {
  if (!(err instanceof OAuthError)) throw err;
  return reply
    .code(err.status)
    .send(
      err.description === undefined
        ? { error: err.error }
        : { error: err.error, error_description: err.description },
    );
}

/** Token exchange, refresh and revocation (the server-to-server side of OAuth). */
export function registerToken(app: FastifyInstance, store: FakeDiscordStore): void {
  app.post('/oauth2/token', async (req, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    try {
      const form = (req.body ?? {}) as Form;
      const client = authenticateClient(req, store, form);
      const grantType = required(form, 'grant_type');
      if (grantType === 'authorization_code') return exchangeCode(store, client, form);
      if (grantType === 'refresh_token') return refresh(store, client, form);
      throw new OAuthError(400, 'unsupported_grant_type');
    } catch (err) {
      return sendError(err, reply);
    }
  });

  app.post('/oauth2/token/revoke', async (req, reply) => {
    try {
      const form = (req.body ?? {}) as Form;
      authenticateClient(req, store, form);
      store.revoke(required(form, 'token'));
      return {};
    } catch (err) {
      return sendError(err, reply);
    }
  });
}
