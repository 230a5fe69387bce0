import * as oauth from 'openid-client';

const isLoopback = (url: URL) =>
  url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);

/**
 * An openid-client configuration for a site without a discovery document (Discord, Shikimori):
 * static endpoints under the base URL, authorization code with PKCE S256. Plain http is allowed
 * only for a loopback base URL (the fakes).
 */
export function oauthConfiguration(opts: {
  baseUrl: string;
  authorizationPath: string;
  tokenPath: string;
  revocationPath?: string;
  clientId: string;
  clientAuth: oauth.ClientAuth;
  timeoutSeconds?: number;
}): { config: oauth.Configuration; endpoint: (path: string) => string } {
  const base = new URL(opts.baseUrl);
  const endpoint = (path: string) => new URL(path, base).toString();
  const config = new oauth.Configuration(
    {
      issuer: base.origin,
      authorization_endpoint: endpoint(opts.authorizationPath),
      token_endpoint: endpoint(opts.tokenPath),
      ...(opts.revocationPath ? { revocation_endpoint: endpoint(opts.revocationPath) } : {}),
      code_challenge_methods_supported: ['S256'],
    },
    opts.clientId,
    undefined,
    opts.clientAuth,
  );
  config.timeout = opts.timeoutSeconds ?? 10;
  if (base.protocol === 'http:' && isLoopback(base)) oauth.allowInsecureRequests(config);
  return { config, endpoint };
}

/** An authorization about to be sent to the site: what to remember, and where to send the browser. */
export interface StartedAuthorization {
  state: string;
  codeVerifier: string;
  authorizationUrl: URL;
}

/** A sign-in or link through a site: the authorization to send the browser to, then its callback. */
export interface AuthorizationFlow<Account> {
  begin(): Promise<StartedAuthorization>;
  /**
   * Checks the callback (state, error parameters), redeems the code with the PKCE verifier and
   * reads who signed in. Throws on any failure (denied consent, bad state, refused code).
   */
  complete(
    callbackQuery: URLSearchParams,
    expected: { state: string; codeVerifier: string },
  ): Promise<Account>;
}

/**
 * Starts an authorization code request with a fresh state and PKCE S256 verifier; `extra`:
 * parameters the site takes besides (Discord's `prompt`).
 */
async function beginAuthorization(
  config: oauth.Configuration,
  opts: { redirectUri: string; scope: string; extra?: Record<string, string> },
): Promise<StartedAuthorization> {
  const state = oauth.randomState();
  const codeVerifier = oauth.randomPKCECodeVerifier();
  const authorizationUrl = oauth.buildAuthorizationUrl(config, {
    redirect_uri: opts.redirectUri,
    response_type: 'code',
    scope: opts.scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...opts.extra,
  });
  return { state, codeVerifier, authorizationUrl };
}

/**
 * Completes an authorization: checks the callback (state, error parameters), redeems the code with
 * the PKCE verifier and reads `resource` with the access token, answering its JSON. Throws on any
 * failure; `resourceName` names the resource when it answers with an error status.
 */
async function completeAuthorization(
  config: oauth.Configuration,
  opts: {
    redirectUri: string;
    resource: URL;
    resourceName: string;
  },
  callbackQuery: URLSearchParams,
  expected: { state: string; codeVerifier: string },
): Promise<unknown> {
  // openid-client sends the callback URL without its query as redirect_uri, so it must be
  // the public one the browser was sent to, not the address this service listens on.
  const callbackUrl = new URL(opts.redirectUri);
  callbackUrl.search = callbackQuery.toString();
  const tokens = await oauth.authorizationCodeGrant(config, callbackUrl, {
    expectedState: expected.state,
    pkceCodeVerifier: expected.codeVerifier,
  });
  const res = await oauth.fetchProtectedResource(config, tokens.access_token, opts.resource, 'GET');
  if (!res.ok) throw new Error(`${opts.resourceName} answered ${res.status}`);
  return res.json();
}

/**
 * A site's sign-in or link: an authorization code request for `scope` (with `extra` parameters),
 * then, on the callback, the account read from `resource` with the access token and `read`.
 */
export function authorizationFlow<Account>(
  config: oauth.Configuration,
  opts: {
    redirectUri: string;
    scope: string;
    extra?: Record<string, string>;
    resource: URL;
    resourceName: string;
    read: (answer: unknown) => Account;
  },
): AuthorizationFlow<Account> {
  return {
    begin: () => beginAuthorization(config, opts),
    complete: async (callbackQuery, expected) =>
      opts.read(await completeAuthorization(config, opts, callbackQuery, expected)),
  };
}
