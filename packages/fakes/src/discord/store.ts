import { createHash, randomBytes } from 'node:crypto';
import type { FakeDiscordAccount } from './accounts';

/** An OAuth2 application registered with the fake Discord. */
export interface FakeDiscordClient {
  clientId: string;
  clientSecret: string;
  /** Allowed redirect URIs (exact match, as Discord checks); omitted = any http(s) URI. */
  redirectUris?: readonly string[];
}

/** The application the demo and the tests use unless they register their own. */
export const demoClient: FakeDiscordClient = Object.freeze({
  clientId: '1187394520190640000',
  clientSecret: 'fake-discord-client-secret',
});

/** Discord's authorization codes live about ten minutes; its access tokens a week. */
const CODE_TTL_MS = 10 * 60_000;
export const ACCESS_TOKEN_TTL_SECONDS = 604_800;

interface Grant {
  clientId: string;
  discordId: string;
  scopes: string[];
}
interface PendingCode extends Grant {
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
}
interface IssuedToken extends Grant {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

/** Discord's tokens are 30 alphanumeric characters; base64url of 24 bytes is close enough. */
const opaqueToken = () => randomBytes(24).toString('base64url');

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Everything the fake remembers: applications, accounts, pending codes and issued tokens. */
export class FakeDiscordStore {
  private readonly codes = new Map<string, PendingCode>();
  private readonly byAccessToken = new Map<string, IssuedToken>();
  private readonly byRefreshToken = new Map<string, IssuedToken>();

  constructor(
    readonly clients: readonly FakeDiscordClient[],
    readonly accounts: readonly FakeDiscordAccount[],
  ) {}

  client(clientId: string | undefined): FakeDiscordClient | undefined {
    return this.clients.find((c) => c.clientId === clientId);
  }

  account(discordId: string | undefined): FakeDiscordAccount | undefined {
    return this.accounts.find((a) => a.discordId === discordId);
  }

  issueCode(code: Omit<PendingCode, 'expiresAt'>, now = Date.now()): string {
    const value = opaqueToken();
    this.codes.set(value, { ...code, expiresAt: now + CODE_TTL_MS });
    return value;
  }

  /** A code is usable once: taking it removes it, whether or not the exchange then succeeds. */
  takeCode(value: string, now = Date.now()): PendingCode | undefined {
    const code = this.codes.get(value);
    this.codes.delete(value);
    return code && code.expiresAt > now ? code : undefined;
  }

  issueToken(grant: Grant, now = Date.now()): IssuedToken {
    const token: IssuedToken = {
      ...grant,
      accessToken: opaqueToken(),
      refreshToken: opaqueToken(),
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

  refreshToken(value: string): IssuedToken | undefined {
    return this.byRefreshToken.get(value);
  }

  /** Revoking either token of a pair revokes both, as Discord does. */
  revoke(value: string): void {
    const token = this.byAccessToken.get(value) ?? this.byRefreshToken.get(value);
    if (!token) return;
    this.byAccessToken.delete(token.accessToken);
    this.byRefreshToken.delete(token.refreshToken);
  }
}
