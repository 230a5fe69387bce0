export { type CatalogueConfig, catalogueConfigSchema as configSchema } from './config';
export { migrationsFolder, openCatalogueDatabase as openDatabase, SERVICE, start } from './start';
