/**
 * One computation per key at a time: callers asking for a key already being computed share
 * its promise. Nothing is kept once it settles (caching is the caller's job), so a failure is
 * not remembered and the next call tries again.
 */
export interface SingleFlight<T> {
  run(key: string, compute: () => Promise<T>): Promise<T>;
  /** Keys being computed right now. */
  readonly inFlight: number;
  /** Whether a key is being computed right now. */
  has(key: string): boolean;
}

export function createSingleFlight<T>(): SingleFlight<T> {
  const running = new Map<string, Promise<T>>();
  return {
    run(key, compute) {
      const pending = running.get(key);
      if (pending) return pending;
      const fresh = (async () => {
        try {
          return await compute();
        } finally {
          running.delete(key);
        }
      })();
      running.set(key, fresh);
      return fresh;
    },
    get inFlight() {
      return running.size;
    },
    has(key) {
      return running.has(key);
    },
  };
}
