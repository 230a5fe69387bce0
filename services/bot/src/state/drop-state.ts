import { randomUUID } from 'node:crypto';
import type { MessageData } from '../domain/replies';
import { MAX_AGE_SECONDS } from '../domain/signature';
import type { BotState } from './state';

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

/** The bot's rules on top of its key store: what each key means and how long it lives. */
export function dropState(state: BotState, opts: DropStateOptions = {}) {
  const lockWaitMs = opts.lockWaitMs ?? 20_000;
  const lockPollMs = opts.lockPollMs ?? 25;
  return {
    /** True the first time a signature is seen within the replay window; false for a replay. */
    firstSighting: (signature: string) => state.add(`sig:${signature.toLowerCase()}`, '1', REPLAY_WINDOW_MS),

    /** Milliseconds until this Discord user may drop again (0 = now). */
    cooldownLeftMs: (discordId: string) => state.ttlMs(`cooldown:${discordId}`),
    async startCooldown(discordId: string, ms: number) {
      if (ms > 0) await state.set(`cooldown:${discordId}`, String(Date.now() + ms), ms);
    },

    /** The answer already given to this interaction (a redelivery gets the same message). */
    async savedAnswer(interactionId: string): Promise<MessageData | undefined> {
      const raw = await state.get(`answer:${interactionId}`);
      return raw === undefined ? undefined : (JSON.parse(raw) as MessageData);
    },
    saveAnswer: (interactionId: string, data: MessageData) =>
      state.set(`answer:${interactionId}`, JSON.stringify(data), ANSWER_TTL_MS),

    /**
     * Runs `work` while holding this user's lock, so one user's drops run one at a time in every
     * replica (the cooldown check and its start cannot interleave).
     */
    async withUserLock<T>(discordId: string, work: () => Promise<T>): Promise<T> {
      const key = `lock:${discordId}`;
      const owner = randomUUID();
      const deadline = Date.now() + lockWaitMs;
      while (!(await state.add(key, owner, LOCK_TTL_MS))) {
        if (Date.now() >= deadline) throw new UserBusyError(`drop of ${discordId} still running`);
        await new Promise((r) => setTimeout(r, lockPollMs));
      }
      try {
        return await work();
      } finally {
        await state.deleteIf(key, owner).catch(() => {});
      }
    },
  };
}
export type DropState = ReturnType<typeof dropState>;
