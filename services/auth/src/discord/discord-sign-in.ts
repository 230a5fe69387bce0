import * as oauth from 'openid-client';
import { type DiscordProfile, discordProfileSchema } from '../domain/discord-profile';
import { oauthConfiguration } from '../oauth/configuration';

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
export interface StartedSignIn {
  state: string;
  codeVerifier: string;
  authorizationUrl: URL;
}

export interface DiscordSignIn {
  begin(): Promise<StartedSignIn>;
  /**
   * Checks the callback (state, error parameters), redeems the code with the PKCE verifier and
   * reads the signed-in user. Throws on any failure (denied consent, bad state, refused code).
   */
  complete(
    callbackQuery: URLSearchParams,
    expected: { state: string; codeVerifier: string },
  ): Promise<DiscordProfile>;
}

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

  return {
    async begin() {
      const state = oauth.randomState();
      const codeVerifier = oauth.randomPKCECodeVerifier();
      const authorizationUrl = oauth.buildAuthorizationUrl(config, {
        redirect_uri: opts.redirectUri,
        response_type: 'code',
        scope: SCOPES,
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        // Skips Discord's consent screen for someone who already authorized the application.
        prompt: 'none',
      });
      return { state, codeVerifier, authorizationUrl };
    },

    async complete(callbackQuery, expected) {
      // openid-client sends the callback URL without its query as redirect_uri, so it must be
      // the public one the browser was sent to, not the address this service listens on.
      const callbackUrl = new URL(opts.redirectUri);
      callbackUrl.search = callbackQuery.toString();
      const tokens = await oauth.authorizationCodeGrant(config, callbackUrl, {
        expectedState: expected.state,
        pkceCodeVerifier: expected.codeVerifier,
      });
      const res = await oauth.fetchProtectedResource(config, tokens.access_token, meUrl, 'GET');
      if (!res.ok) throw new Error(`Discord users/@me answered ${res.status}`);
      return discordProfileSchema.parse(await res.json());
    },
  };
}
