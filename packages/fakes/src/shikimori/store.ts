import { randomBytes } from 'node:crypto';
import { s256 } from '../discord/store';
import type { ShikimoriAccount } from './accounts';

/** An OAuth2 application registered on the fake Shikimori. */
export interface ShikimoriClient {
  clientId: string;
  clientSecret: string;
  /** Allowed redirect URIs (exact match); omitted = any http(s) URI. */
  redirectUris?: readonly string[];
}

export const shikimoriDemoClient: ShikimoriClient = Object.freeze({
  clientId: 'fake-shikimori-anime-cards',
  clientSecret: 'fake-shikimori-client-secret',
});

const CODE_TTL_MS = 10 * 60_000;
/** Shikimori's access tokens live a day; the refresh token is then needed. */
export const ACCESS_TOKEN_TTL_SECONDS = 86_400;

interface Grant {
  clientId: string;
  accountId: number;
  scopes: string[];
}
interface PendingCode extends Grant {
  redirectUri: string;
  /** Doorkeeper's PKCE is optional: without a challenge no verifier is asked for. */
  codeChallenge: string | undefined;
  codeChallengeMethod: 'S256' | 'plain';
  expiresAt: number;
}
export interface IssuedToken extends Grant {
  accessToken: string;
  refreshToken: string;
  createdAt: number;
  expiresAt: number;
}

const opaqueToken = () => randomBytes(32).toString('base64url');

export function verifierMatches(code: PendingCode, verifier: string | undefined): boolean {
  if (code.codeChallenge === undefined) return true;
  if (verifier === undefined) return false;
  return (code.codeChallengeMethod === 'S256' ? s256(verifier) : verifier) === code.codeChallenge;
}

/** Applications, accounts, pending codes and issued tokens of the fake. */
export class ShikimoriOAuthStore {
  private readonly codes = new Map<string, PendingCode>();
  private readonly byAccessToken = new Map<string, IssuedToken>();
  private readonly byRefreshToken = new Map<string, IssuedToken>();

  constructor(
    readonly clients: readonly ShikimoriClient[],
    readonly accounts: readonly ShikimoriAccount[],
  ) {}

  client(clientId: string | undefined) {
    return this.clients.find((c) => c.clientId === clientId);
  }

  account(id: number | undefined) {
    return this.accounts.find((a) => a.id === id);
  }

  issueCode(code: Omit<PendingCode, 'expiresAt'>, now = Date.now()): string {
    const value = opaqueToken();
    this.codes.set(value, { ...code, expiresAt: now + CODE_TTL_MS });
    return value;
  }

  /** Codes are single use: taking one removes it whether or not the exchange succeeds. */
  takeCode(value: string, now = Date.now()): PendingCode | undefined {
    const code = this.codes.get(value);
    this.codes.delete(value);
    return code && code.expiresAt > now ? code : undefined;
  }

  issueToken(grant: Grant, now = Date.now()): IssuedToken {
    const token: IssuedToken = {
      clientId: grant.clientId,
      accountId: grant.accountId,
      scopes: grant.scopes,
      accessToken: opaqueToken(),
      refreshToken: opaqueToken(),
      createdAt: Math.floor(now / 1000),
      expiresAt: now + ACCESS_TOKEN_TTL_SECONDS * 1000,
    };
    this.byAccessToken.set(token.accessToken, token);
    this.byRefreshToken.set(token.refreshToken, token);
    return token;
  }

  accessToken(value: string, now = Date.now()): IssuedToken | undefined {
    const token = this.byAccessToken.get(value);
    return token && token.expiresAt > now ? token : undefined;
  }

  /** A refresh token is used once: the old pair is revoked when a new one is issued. */
  takeRefreshToken(value: string): IssuedToken | undefined {
    const token = this.byRefreshToken.get(value);
    if (!token) return undefined;
    this.byAccessToken.delete(token.accessToken);
    this.byRefreshToken.delete(token.refreshToken);
    return token;
  }
}
