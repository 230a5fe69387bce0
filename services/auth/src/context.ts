import type { Database, OutboxRelay } from '@acg/platform';
import type { AuthConfig } from './config';
import type { DiscordSignIn } from './discord/discord-sign-in';
import type { CookieSettings } from './domain/cookies';
import type { AddedLanguages } from './domain/language';
import type { SessionStore } from './sessions/session-store';
import type { ShikimoriLink } from './shikimori/shikimori-link';

/** What the auth service's route and message handlers work with, built once by start(). */
export interface AuthContext {
  config: AuthConfig;
  database: Database;
  sessions: SessionStore;
  discord: DiscordSignIn;
  /** Shikimori account linking; undefined when no Shikimori application is configured. */
  shikimori?: ShikimoriLink;
  /** Kicked after a transaction that wrote events, so they go out without waiting for a sweep. */
  relay: OutboxRelay;
  cookies: { session: CookieSettings; login: CookieSettings };
  /** The languages added in the admin area that may be chosen (asked over the bus, cached briefly). */
  addedLanguages: AddedLanguages;
}
