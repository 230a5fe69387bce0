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
