export { type InventoryConfig, inventoryConfigSchema as configSchema } from './config';
export { serviceModule } from './module';
export { inventoryDatabase as database, SERVICE, start } from './start';
