export { type InventoryConfig, inventoryConfigSchema as configSchema } from './config';
export {
  type LargeInventorySeed,
  type LargeInventorySeedResult,
  seedLargeInventory,
  type UserSeed,
} from './seed/large';
export { migrationsFolder, openInventoryDatabase as openDatabase, SERVICE, start } from './start';
