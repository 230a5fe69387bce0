/**
 * The bot's own small state (no database): replay guards, cooldowns, stored answers and
 * per-user locks, all short-lived keys. The one primitive that matters is an atomic "add
 * unless present", so two replicas sharing Redis cannot both pass a guard; the platform Cache
 * has no such operation, hence this store.
 */
export interface BotState {
  readonly kind: 'redis' | 'memory';
  /** Stores `value` under `key` for `ttlMs` unless the key exists; true when it was stored. */
  add(key: string, value: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Milliseconds until `key` expires; 0 when it is absent. */
  ttlMs(key: string): Promise<number>;
  /** Deletes `key` only while it still holds `value` (a lock released by its owner). */
  deleteIf(key: string, value: string): Promise<void>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
