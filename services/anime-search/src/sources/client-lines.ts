import { setTimeout as sleep } from 'node:timers/promises';
import pLimit, { type LimitFunction } from 'p-limit';
import { ClientShareExceeded } from './client-share';

export interface ClientLinesOptions {
  /** Searches of one client that run at once in this replica. */
  running: number;
  /** Searches of one client that may wait for their turn; past it, ClientShareExceeded. */
  waiting: number;
  /** Waits `ms` (tests watch it). */
  pause?: (ms: number) => Promise<unknown>;
}

/** The longest pause before a waiting search's turn. */
const MAX_PAUSE_MS = 1000;

interface Line {
  limit: LimitFunction;
  /** How long the client's last search took (ms). */
  lastMs: number;
}

/**
 * A line per client (a user, or a visitor's address) in front of the member search (rules §47).
 * Each search reads the anime index and the cache, so one address sending many at once would
 * take the service's own capacity from everyone else even when the sources' budgets turn it
 * away. A client's searches run `running` at a time; one that arrives while others of the
 * client's are already waiting (a burst) starts after a pause as long as the client's last search
 * took, so a client sending much faster than it is answered gets at most half of the time of its
 * slots and every other client's search runs beside at most that. A client with `waiting`
 * searches already in line is turned away at once (a 429 through asCaller). A client that waits
 * for each answer never waits in line; one search behind another waits only for that one.
 */
export function createClientLines(opts: ClientLinesOptions) {
  const lines = new Map<string, Line>();
  const pause = opts.pause ?? ((ms: number) => sleep(ms));
  return {
    async run<T>(client: string, work: () => Promise<T>): Promise<T> {
      let line = lines.get(client);
      if (!line) {
        line = { limit: pLimit(opts.running), lastMs: 0 };
        lines.set(client, line);
      }
      const { limit } = line;
      if (limit.pendingCount >= opts.waiting) throw new ClientShareExceeded('search', 1000);
      // A burst: others of the client's were already waiting (one search behind another, as a
      // page that asks again while its last search runs, waits only for that one).
      const burst = limit.pendingCount > 0;
      const own = line;
      try {
        return await limit(async () => {
          if (burst && own.lastMs > 0) await pause(Math.min(own.lastMs, MAX_PAUSE_MS));
          const started = performance.now();
          try {
            return await work();
          } finally {
            own.lastMs = performance.now() - started;
          }
        });
      } finally {
        if (limit.activeCount === 0 && limit.pendingCount === 0 && lines.get(client) === own)
          lines.delete(client);
      }
    },
    /** Clients with a search running or waiting. */
    get size() {
      return lines.size;
    },
  };
}
export type ClientLines = ReturnType<typeof createClientLines>;
