import type { BotState } from './state';

interface Entry {
  value: string;
  expiresAt: number;
}

/** Sweep expired keys once the map grows past this, so a long-running process stays small. */
const SWEEP_AT = 10_000;

/** One process's state (embedded mode, tests): a map with expiry. */
export function createMemoryState(now: () => number = Date.now): BotState {
  const entries = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: string, ttlMs: number) => {
    if (entries.size >= SWEEP_AT) for (const k of [...entries.keys()]) live(k);
    entries.set(key, { value, expiresAt: now() + ttlMs });
  };
  return {
    kind: 'memory',
    async add(key, value, ttlMs) {
      if (live(key)) return false;
      put(key, value, ttlMs);
      return true;
    },
    async get(key) {
      return live(key)?.value;
    },
    async set(key, value, ttlMs) {
      put(key, value, ttlMs);
    },
    async ttlMs(key) {
      const entry = live(key);
      return entry ? entry.expiresAt - now() : 0;
    },
    async deleteIf(key, value) {
      if (live(key)?.value === value) entries.delete(key);
    },
    ready: async () => true,
    close: async () => entries.clear(),
  };
}
