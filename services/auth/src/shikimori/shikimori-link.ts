import * as oauth from 'openid-client';
import { z } from 'zod';
import { oauthConfiguration } from '../oauth/configuration';

export interface ShikimoriLinkOptions {
  /** https://shikimori.one, or the fake Shikimori on loopback. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL/auth/shikimori/callback: what the browser comes back to, through the gateway. */
  redirectUri: string;
  /** Shikimori asks every API client to name itself in the User-Agent. */
  userAgent: string;
  timeoutSeconds?: number;
}

/** What a link keeps of the Shikimori account: its identity only (rules §38). */
export interface ShikimoriIdentity {
  id: number;
  nickname: string;
  avatar: string | null;
}

/** GET /api/users/whoami, read for the fields we keep (Shikimori sends many more). */
const whoamiSchema = z.object({
  id: z.number().int().positive(),
  nickname: z.string().min(1).max(200),
  avatar: z.string().url().max(2000).nullish(),
  image: z
    .object({ x160: z.string().url().max(2000).optional() })
    .partial()
    .nullish(),
});

export interface ShikimoriLink {
  begin(): Promise<{ state: string; codeVerifier: string; authorizationUrl: URL }>;
  /** Checks the callback, redeems the code with the PKCE verifier and reads who signed in. */
  complete(
    callbackQuery: URLSearchParams,
    expected: { state: string; codeVerifier: string },
  ): Promise<ShikimoriIdentity>;
}

/**
 * Shikimori account linking through openid-client: authorization code + PKCE S256 + state
 * against Shikimori's Doorkeeper (`/oauth/authorize`, `/oauth/token`), then one whoami call.
 * The tokens are used for that call only and never stored. Plain http only for a loopback
 * base URL (the fake Shikimori).
 */
export function createShikimoriLink(opts: ShikimoriLinkOptions): ShikimoriLink {
  const { config, endpoint } = oauthConfiguration({
    baseUrl: opts.baseUrl,
    authorizationPath: '/oauth/authorize',
    tokenPath: '/oauth/token',
    clientId: opts.clientId,
    clientAuth: oauth.ClientSecretPost(opts.clientSecret),
    timeoutSeconds: opts.timeoutSeconds,
  });
  const headers = { 'user-agent': opts.userAgent };
  config[oauth.customFetch] = (url, options) =>
    fetch(url, { ...options, headers: { ...options.headers, ...headers } } as RequestInit);
  const whoamiUrl = new URL(endpoint('/api/users/whoami'));

  return {
    async begin() {
      const state = oauth.randomState();
      const codeVerifier = oauth.randomPKCECodeVerifier();
      const authorizationUrl = oauth.buildAuthorizationUrl(config, {
        redirect_uri: opts.redirectUri,
        response_type: 'code',
        // The narrowest scope Shikimori has: linking needs only who the account is.
        scope: 'user_rates',
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { state, codeVerifier, authorizationUrl };
    },

    async complete(callbackQuery, expected) {
      const callbackUrl = new URL(opts.redirectUri);
      callbackUrl.search = callbackQuery.toString();
      const tokens = await oauth.authorizationCodeGrant(config, callbackUrl, {
        expectedState: expected.state,
        pkceCodeVerifier: expected.codeVerifier,
      });
      const res = await oauth.fetchProtectedResource(config, tokens.access_token, whoamiUrl, 'GET');
      if (!res.ok) throw new Error(`Shikimori users/whoami answered ${res.status}`);
      const me = whoamiSchema.parse(await res.json());
      return { id: me.id, nickname: me.nickname, avatar: me.image?.x160 ?? me.avatar ?? null };
    },
  };
}
