export { type AuthConfig, authConfigSchema } from './config';
export { AUTH_MIGRATIONS, AUTH_SCHEMA, createAuthDatabase } from './db/database';
export { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './domain/cookies';
export { seedLargeUsers } from './seed/large';
export { start } from './start';
