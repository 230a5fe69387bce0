export { type CatalogueConfig, catalogueConfigSchema as configSchema } from './config';
export { serviceModule } from './module';
export { catalogueDatabase as database, SERVICE, start } from './start';
