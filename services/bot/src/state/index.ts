import { createMemoryState } from './memory';
import { connectRedisState } from './redis';
import type { BotState } from './state';

export { createMemoryState } from './memory';
export { connectRedisState } from './redis';
export type { BotState } from './state';

/** Redis when configured (replicas share cooldowns and replay guards), else this process's memory. */
export const openBotState = (redisUrl: string | undefined, prefix: string): Promise<BotState> =>
  redisUrl ? connectRedisState(redisUrl, prefix) : Promise.resolve(createMemoryState());
