export { type InventoryConfig, inventoryConfigSchema as configSchema } from './config';
export { seedLargeInventory } from './seed/large';
export { migrationsFolder, openInventoryDatabase as openDatabase, SERVICE, start } from './start';
