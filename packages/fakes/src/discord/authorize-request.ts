import type { FakeDiscordStore } from './store';

/** The parameters of an authorization request, after checking (GET query or the consent form). */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge: string;
}

export type AuthorizeCheck =
  | { kind: 'ok'; request: AuthorizeRequest }
  /** Client or redirect URI is wrong: never redirect anywhere, show an error page. */
  | { kind: 'page'; message: string }
  /** Everything else goes back to the application, as RFC 6749 §4.1.2.1 says. */
  | { kind: 'redirect'; location: string };

const KNOWN_SCOPES = new Set([
  'identify',
  'email',
  'connections',
  'guilds',
  'guilds.join',
  'guilds.members.read',
  'openid',
  'bot',
  'applications.commands',
]);
const PKCE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Appends OAuth parameters to the application's redirect URI, keeping its own query. */
export function redirectTo(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export function checkAuthorizeRequest(
  store: FakeDiscordStore,
  params: Record<string, unknown>,
): AuthorizeCheck {
  const client = store.client(text(params.client_id));
  if (!client) return { kind: 'page', message: 'Unknown application: invalid client_id.' };
  const redirectUri = text(params.redirect_uri);
  const allowed =
    redirectUri !== undefined &&
    isHttpUrl(redirectUri) &&
    (client.redirectUris === undefined || client.redirectUris.includes(redirectUri));
  if (!allowed) return { kind: 'page', message: 'Invalid OAuth2 redirect_uri.' };

  const state = text(params.state);
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect',
    location: redirectTo(redirectUri, { error, error_description: description, state }),
  });
  if (params.response_type !== 'code')
    return fail('unsupported_response_type', 'response_type must be "code".');
  const scopes = (text(params.scope) ?? '').split(' ').filter(Boolean);
  if (scopes.length === 0 || !scopes.includes('identify') || scopes.some((s) => !KNOWN_SCOPES.has(s))) {
    return fail('invalid_scope', 'The requested scope is invalid, unknown, or malformed.');
  }
  if (!state) return fail('invalid_request', 'state is required.');
  const codeChallenge = text(params.code_challenge);
  if (!codeChallenge || !PKCE_CHALLENGE.test(codeChallenge)) {
    return fail('invalid_request', 'code_challenge is required (43-128 characters).');
  }
  if (params.code_challenge_method !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be "S256".');
  }
  return { kind: 'ok', request: { clientId: client.clientId, redirectUri, scopes, state, codeChallenge } };
}
