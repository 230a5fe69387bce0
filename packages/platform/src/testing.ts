/** Test helpers (`@acg/platform/testing`): never imported by a service's runtime code. */
export { createTestDatabase, type TestDatabase } from './db/test-database';
export { HOSTILE_STRINGS } from './escape/hostile-strings';
