export { type BotConfig, botConfigSchema as configSchema, DEFAULT_RANK_WEIGHTS } from './config';
export { serviceModule } from './module';
export { SERVICE, start } from './start';
