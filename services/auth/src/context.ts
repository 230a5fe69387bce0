import type { Database, OutboxRelay } from '@acg/platform';
import type { AuthConfig } from './config';
import type { DiscordSignIn } from './discord/discord-sign-in';
import type { CookieSettings } from './domain/cookies';
import type { SessionStore } from './sessions/session-store';

/** What the auth service's route and message handlers work with, built once by start(). */
export interface AuthContext {
  config: AuthConfig;
  database: Database;
  sessions: SessionStore;
  discord: DiscordSignIn;
  /** Kicked after a transaction that wrote events, so they go out without waiting for a sweep. */
  relay: OutboxRelay;
  cookies: { session: CookieSettings; login: CookieSettings };
}
