/**
 * `@acg/inventory/seed`: benchmark data, written by the runners into inventory's migrated schema
 * before inventory starts. Never part of the service's production path.
 */
export {
  type LargeInventorySeed,
  type LargeInventorySeedResult,
  seedLargeInventory,
  type UserSeed,
} from './large';
