import { RateLimitError, text } from '@acg/platform';

/**
 * The decode queue of proxied images, fair between clients (issue 27): one client asking for
 * many large pictures must not make everyone else's wait. Start-time fair queuing weighted by
 * megapixels: each client has a virtual clock that advances by the megapixels of every decode it
 * is granted (never behind the queue's own clock, so an idle client has no credit to burn); a
 * free slot goes to the waiting client with the earliest clock. A client runs at most one decode
 * at a time and may have `maxWaitingPerClient` more waiting; more than that is over its share:
 * 429 with Retry-After. With two slots or more, a client hammering the queue holds one slot and
 * another client's picture takes the other at once.
 */
export interface FairQueueOptions {
  /** Decodes that may run at once. */
  slots: number;
  /** Decodes a client may have waiting besides the one it runs. */
  maxWaitingPerClient: number;
  /** Retry-After for a refused decode, in seconds. */
  retryAfterSeconds?: number;
}

/** The refusal's text, in the caller's language (`imageProxy.decodesOverShare`). */
export type OverShareText = () => string;

interface Job {
  weight: number;
  start: () => void;
}

interface ClientState {
  /** Virtual time at which the client's next decode starts (megapixels granted so far). */
  clock: number;
  running: boolean;
  waiting: Job[];
}

export interface FairQueue {
  /** Runs `task` as `client`'s decode of `megapixels`, in its fair turn; `overShare` words a refusal. */
  run<T>(client: string, megapixels: number, task: () => Promise<T>, overShare?: OverShareText): Promise<T>;
  /** Decodes running and waiting, for tests and metrics. */
  readonly running: number;
  readonly waiting: number;
}

export function createFairQueue(o: FairQueueOptions): FairQueue {
  const clients = new Map<string, ClientState>();
  let running = 0;
  let waiting = 0;
  /** The queue's virtual time: the clock of the decode granted last. */
  let now = 0;

  const next = () => {
    while (running < o.slots) {
      let chosen: ClientState | undefined;
      for (const state of clients.values()) {
        if (state.running || state.waiting.length === 0) continue;
        if (!chosen || state.clock < chosen.clock) chosen = state;
      }
      if (!chosen) return;
      const job = chosen.waiting.shift()!;
      waiting--;
      running++;
      chosen.running = true;
      now = Math.max(now, chosen.clock);
      chosen.clock = Math.max(chosen.clock, now) + job.weight;
      job.start();
    }
  };

  return {
    run<T>(
      client: string,
      megapixels: number,
      task: () => Promise<T>,
      overShare?: OverShareText,
    ): Promise<T> {
      let state = clients.get(client);
      if (!state) {
        state = { clock: now, running: false, waiting: [] };
        clients.set(client, state);
      }
      if (state.waiting.length >= o.maxWaitingPerClient + (state.running ? 0 : 1))
        return Promise.reject(
          new RateLimitError(overShare?.() ?? text('imageProxy.decodesOverShare'), o.retryAfterSeconds ?? 1),
        );
      const own = state;
      // An idle client starts at the queue's time: past idleness is no credit.
      if (!own.running && own.waiting.length === 0) own.clock = Math.max(own.clock, now);
      return new Promise<T>((resolve, reject) => {
        own.waiting.push({
          weight: Math.max(megapixels, 0.01),
          start: () => {
            // The slot is free before the caller hears the outcome.
            const finish = () => {
              running--;
              own.running = false;
              if (own.waiting.length === 0) clients.delete(client);
              next();
            };
            task().then(
              (value) => {
                finish();
                resolve(value);
              },
              (err: unknown) => {
                finish();
                reject(err);
              },
            );
          },
        });
        waiting++;
        next();
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
  };
}
