export { type BotConfig, botConfigSchema as configSchema, DEFAULT_RANK_WEIGHTS } from './config';
export { SERVICE, start } from './start';
