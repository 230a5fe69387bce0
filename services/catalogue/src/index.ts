export { type CatalogueConfig, catalogueConfigSchema as configSchema } from './config';
export { seedLargeCatalogue } from './seed/large';
export { migrationsFolder, openCatalogueDatabase as openDatabase, SERVICE, start } from './start';
