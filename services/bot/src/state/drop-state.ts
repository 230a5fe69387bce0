import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cache } from '@acg/platform';
import type { MessageData } from '../domain/replies';
import { MAX_AGE_SECONDS } from '../domain/signature';

/**
 * Timestamps are accepted up to MAX_AGE_SECONDS either side of now, so a signature can be valid
 * for twice that long: remembering it that long refuses every replay.
 */
export const REPLAY_WINDOW_MS = 2 * MAX_AGE_SECONDS * 1000;
/** Discord's interaction tokens live 15 minutes; a redelivery after that cannot be answered anyway. */
export const ANSWER_TTL_MS = 15 * 60_000;
/** Longer than any drop can take (three RPCs with their timeouts), so a crashed holder frees it. */
const LOCK_TTL_MS = 30_000;

/** Another drop of the same user held the lock for longer than we wait. */
export class UserBusyError extends Error {}

export interface DropStateOptions {
  /** How long a drop waits for the same user's previous drop (default 20 s). */
  lockWaitMs?: number;
  lockPollMs?: number;
}

/**
 * The bot's state (it has no database): replay guards, cooldowns, stored answers and per-user
 * locks, all short-lived keys in namespaces of the service's cache, so replicas sharing Redis
 * share them and the atomic operations (set-if-absent, compare-and-delete) keep two replicas
 * from both passing a guard or both holding a lock. These are the rules on top: what each key
 * means and how long it lives.
 */
export function dropState(cache: Cache, opts: DropStateOptions = {}) {
  const lockWaitMs = opts.lockWaitMs ?? 20_000;
  const lockPollMs = opts.lockPollMs ?? 25;
  const signatures = cache.namespace('drop-signatures');
  const cooldowns = cache.namespace('drop-cooldowns');
  const answers = cache.namespace('drop-answers');
  const locks = cache.namespace('drop-locks');
  return {
    /** True the first time a signature is seen within the replay window; false for a replay. */
    firstSighting: (signature: string) => signatures.add(signature.toLowerCase(), 1, REPLAY_WINDOW_MS / 1000),

    /** Milliseconds until this Discord user may drop again (0 = now). */
    cooldownLeftMs: async (discordId: string) => Math.ceil((await cooldowns.ttl(discordId)) * 1000),
    async startCooldown(discordId: string, ms: number) {
      if (ms > 0) await cooldowns.set(discordId, Date.now() + ms, ms / 1000);
    },

    /** The answer already given to this interaction (a redelivery gets the same message). */
    savedAnswer: (interactionId: string) => answers.get<MessageData>(interactionId),
    saveAnswer: (interactionId: string, data: MessageData) =>
      answers.set(interactionId, data, ANSWER_TTL_MS / 1000),

    /**
     * Runs `work` while holding this user's lock, so one user's drops run one at a time in every
     * replica (the cooldown check and its start cannot interleave).
     */
    async withUserLock<T>(discordId: string, work: () => Promise<T>): Promise<T> {
      const owner = randomUUID();
      const deadline = Date.now() + lockWaitMs;
      while (!(await locks.add(discordId, owner, LOCK_TTL_MS / 1000))) {
        if (Date.now() >= deadline) throw new UserBusyError(`drop of ${discordId} still running`);
        await sleep(lockPollMs);
      }
      try {
        return await work();
      } finally {
        await locks.deleteIf(discordId, owner).catch(() => {});
      }
    },
  };
}
export type DropState = ReturnType<typeof dropState>;
