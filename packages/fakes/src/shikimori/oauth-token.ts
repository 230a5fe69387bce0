import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type IssuedToken,
  type ShikimoriOAuthStore,
  verifierMatches,
} from './store';

type Form = Record<string, unknown>;

/** Doorkeeper's RFC 6749 §5.2 errors, with its wording. */
class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(error);
  }
}
const INVALID_GRANT = new OAuthError(
  400,
  'invalid_grant',
  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
);
const INVALID_CLIENT = new OAuthError(
  401,
  'invalid_client',
  'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
);
const field = (form: Form, name: string) =>
  typeof form[name] === 'string' && form[name] !== '' ? (form[name] as string) : undefined;
const required = (form: Form, name: string) => {
  const value = field(form, name);
  if (value === undefined) {
    throw new OAuthError(400, 'invalid_request', `Missing required parameter: ${name}.`);
  }
  return value;
};

function authenticateClient(req: FastifyRequest, store: ShikimoriOAuthStore, form: Form) {
  let id = field(form, 'client_id');
  let secret = field(form, 'client_secret');
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString();
    const colon = decoded.indexOf(':');
    if (colon < 0) throw INVALID_CLIENT;
    id = decodeURIComponent(decoded.slice(0, colon));
    secret = decodeURIComponent(decoded.slice(colon + 1));
  }
  const client = store.client(id);
  if (!client || secret !== client.clientSecret) throw INVALID_CLIENT;
  return client;
}

const tokenPayload = (t: IssuedToken) => ({
  access_token: t.accessToken,
  token_type: 'Bearer',
  expires_in: ACCESS_TOKEN_TTL_SECONDS,
  refresh_token: t.refreshToken,
  scope: t.scopes.join(' '),
  created_at: t.createdAt,
});

/** POST /oauth/token: authorization_code (with the PKCE verifier when a challenge was sent) and refresh_token. */
export function registerToken(app: FastifyInstance, store: ShikimoriOAuthStore): void {
  app.post('/oauth/token', async (req, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    try {
      const form = (req.body ?? {}) as Form;
      const grantType = required(form, 'grant_type');
      const client = authenticateClient(req, store, form);
      if (grantType === 'authorization_code') {
        const code = store.takeCode(required(form, 'code'));
        if (!code || code.clientId !== client.clientId) throw INVALID_GRANT;
        if (required(form, 'redirect_uri') !== code.redirectUri) throw INVALID_GRANT;
        if (!verifierMatches(code, field(form, 'code_verifier'))) throw INVALID_GRANT;
        return tokenPayload(store.issueToken(code));
      }
      if (grantType === 'refresh_token') {
        const old = store.takeRefreshToken(required(form, 'refresh_token'));
        if (!old || old.clientId !== client.clientId) throw INVALID_GRANT;
        return tokenPayload(store.issueToken(old));
      }
      throw new OAuthError(
        400,
        'unsupported_grant_type',
        'The authorization grant type is not supported by the authorization server.',
      );
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      return reply.code(err.status).send({ error: err.error, error_description: err.description });
    }
  });
}
