/**
 * `@acg/auth/seed`: demo and benchmark data, written by the runners into auth's migrated schema
 * before auth starts. Never part of the service's production path.
 */
export { type DemoAccount, seedDemoUsers } from './demo-users';
export { seedLargeUsers, seedUsername } from './large';
