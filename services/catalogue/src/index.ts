export { catalogueConfigSchema as configSchema, type CatalogueConfig } from './config';
export { migrationsFolder, openCatalogueDatabase as openDatabase, SERVICE, start } from './start';
