export { type AnimeSearchConfig, animeSearchConfigSchema as configSchema } from './config';
export { serviceModule } from './module';
export { type AnimeSearchService, SERVICE, start } from './start';
