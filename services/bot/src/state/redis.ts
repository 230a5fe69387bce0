import { Redis } from 'ioredis';
import type { BotState } from './state';

// Compare-and-delete in one step, so a lock that expired and was taken by another replica is
// never released by its former owner.
const DELETE_IF = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Shared state for every bot replica; keys live under `prefix:`. */
export async function connectRedisState(url: string, prefix: string): Promise<BotState> {
  const redis = new Redis(url, {
    lazyConnect: true,
    keyPrefix: `${prefix.replace(/:+$/, '')}:`,
    maxRetriesPerRequest: 2,
  });
  // Errors surface on the commands; without a listener ioredis would log them as unhandled.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`Redis unreachable for the bot's state: ${String(err)}`);
  }
  return {
    kind: 'redis',
    async add(key, value, ttlMs) {
      return (await redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
    },
    async get(key) {
      return (await redis.get(key)) ?? undefined;
    },
    async set(key, value, ttlMs) {
      await redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async ttlMs(key) {
      return Math.max(0, await redis.pttl(key));
    },
    async deleteIf(key, value) {
      await redis.eval(DELETE_IF, 1, key, value);
    },
    async ready() {
      return (await redis.ping().catch(() => '')) === 'PONG';
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
