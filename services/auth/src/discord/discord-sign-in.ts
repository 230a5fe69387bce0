import * as oauth from 'openid-client';
import { type DiscordProfile, discordProfileSchema } from '../domain/discord-profile';
import {
  type AuthorizationFlow,
  authorizationFlow,
  oauthConfiguration,
  type StartedAuthorization,
} from '../oauth/configuration';

export interface DiscordSignInOptions {
  /** https://discord.com, or the fake Discord on loopback. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL/auth/discord/callback: what the browser comes back to, through the gateway. */
  redirectUri: string;
  timeoutSeconds?: number;
}

/** A sign-in about to be sent to Discord: what to remember, and where to send the browser. */
export type StartedSignIn = StartedAuthorization;

export type DiscordSignIn = AuthorizationFlow<DiscordProfile>;

const SCOPES = 'identify email';

/**
 * Discord sign-in through openid-client (authorization code + PKCE S256 + state). Discord
 * publishes no discovery document, so the server metadata is static, derived from the base URL.
 * Plain http is allowed only for a loopback base URL (the fake Discord).
 */
export function createDiscordSignIn(opts: DiscordSignInOptions): DiscordSignIn {
  const { config, endpoint } = oauthConfiguration({
    baseUrl: opts.baseUrl,
    authorizationPath: '/oauth2/authorize',
    tokenPath: '/api/oauth2/token',
    revocationPath: '/api/oauth2/token/revoke',
    clientId: opts.clientId,
    clientAuth: oauth.ClientSecretBasic(opts.clientSecret),
    timeoutSeconds: opts.timeoutSeconds,
  });
  const meUrl = new URL(endpoint('/api/users/@me'));

  return authorizationFlow(config, {
    redirectUri: opts.redirectUri,
    scope: SCOPES,
    // Skips Discord's consent screen for someone who already authorized the application.
    extra: { prompt: 'none' },
    resource: meUrl,
    resourceName: 'Discord users/@me',
    read: (me) => discordProfileSchema.parse(me),
  });
}
