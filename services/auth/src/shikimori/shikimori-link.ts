import * as oauth from 'openid-client';
import { z } from 'zod';
import { type AuthorizationFlow, authorizationFlow, oauthConfiguration } from '../oauth/configuration';

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

export type ShikimoriLink = AuthorizationFlow<ShikimoriIdentity>;

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

  return authorizationFlow(config, {
    redirectUri: opts.redirectUri,
    // The narrowest scope Shikimori has: linking needs only who the account is.
    scope: 'user_rates',
    resource: whoamiUrl,
    resourceName: 'Shikimori users/whoami',
    read: (answer) => {
      const me = whoamiSchema.parse(answer);
      return { id: me.id, nickname: me.nickname, avatar: me.image?.x160 ?? me.avatar ?? null };
    },
  });
}
