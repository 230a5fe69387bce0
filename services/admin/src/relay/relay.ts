import { type Database, enqueue, type Logger, type OutboxRelay, systemAuditEvent } from '@acg/platform';
import { eq } from 'drizzle-orm';
import { outbox, relayRuns } from '../db/schema';
import { isFresh, toDiscordMessage } from '../domain/vk-post';
import { claimPost, markFailed, markPosted, startRun } from '../repository/relay';
import { readRelaySettings } from '../repository/settings';
import type { DiscordClient } from './discord';
import type { VkClient } from './vk';

/** One advisory lock for the whole system: one relay run at a time, across replicas. */
const RELAY_LOCK = 'acg:admin:vk-relay';
const POSTS_PER_GROUP = 20;

export interface RunResult {
  id: number;
  posted: number;
  skipped: number;
  errors: string[];
}

export interface RelayDeps {
  database: Database;
  vk: VkClient;
  discord: DiscordClient;
  outboxRelay: Pick<OutboxRelay, 'kick'>;
  logger: Logger;
  now?: () => number;
  /** The language of the relay's own words ("repost from …"); English by default. */
  language?: string;
}

/**
 * The VK → Discord relay (requirements O2.7). A run holds a PostgreSQL advisory lock (a replica that
 * cannot take it skips the run), reads each group's wall, and posts the fresh posts, oldest
 * first, as embeds. Every post is claimed in relay_posts (committed) before it is sent, so no
 * run, restart or replica posts it again; Discord's enforce_nonce covers a retry of the same
 * call. Each run is recorded with what it posted, skipped and failed.
 */
type RelaySettings = Awaited<ReturnType<typeof readRelaySettings>>;
type RelayGroup = RelaySettings['vk.groups'][number];

/** What a run cannot go without, each missing one as an error of the run. */
function missingSettings(settings: RelaySettings, discord: DiscordClient): string[] {
  const errors: string[] = [];
  if (!settings['vk.token']) errors.push('vk.token is not set');
  if (!settings['vk.discordChannelId']) errors.push('vk.discordChannelId is not set');
  if (!discord.configured) errors.push('the Discord bot token is not configured');
  if (settings['vk.groups'].length === 0) errors.push('vk.groups is empty');
  return errors;
}

/** One group's fresh posts, oldest first, each claimed before it is sent; counted into `result`. */
async function relayGroup(
  deps: RelayDeps,
  run: { token: string; channel: string; settings: RelaySettings; nowSeconds: number },
  group: RelayGroup,
  result: RunResult,
): Promise<void> {
  const db = deps.database.db;
  let page: Awaited<ReturnType<VkClient['wallGet']>>;
  try {
    page = await deps.vk.wallGet(run.token, group.id, POSTS_PER_GROUP);
  } catch (err) {
    result.errors.push(`group ${group.id}: ${(err as Error).message}`);
    return;
  }
  const fresh = page.items.filter((p) => isFresh(p, run.nowSeconds, run.settings['vk.freshnessSeconds']));
  result.skipped += page.items.length - fresh.length;
  for (const post of fresh.sort((a, b) => a.date - b.date)) {
    const ownerId = String(post.owner_id);
    if (!(await claimPost(db, ownerId, post.id, run.channel))) {
      result.skipped++;
      continue;
    }
    try {
      const message = await deps.discord.postMessage(
        run.channel,
        toDiscordMessage(post, group.name, { language: deps.language ?? 'en', owners: page.owners }),
      );
      await markPosted(db, ownerId, post.id, message.id);
      result.posted++;
    } catch (err) {
      const text = (err as Error).message;
      await markFailed(db, ownerId, post.id, text);
      result.errors.push(`post ${ownerId}_${post.id}: ${text}`);
    }
  }
}

/** Records the run's figures and, when it did or failed anything, its audit event. */
async function finishRun(database: Database, runId: number, result: RunResult): Promise<void> {
  await database.transaction(async (tx) => {
    await tx
      .update(relayRuns)
      .set({ finishedAt: new Date(), posted: result.posted, skipped: result.skipped, errors: result.errors })
      .where(eq(relayRuns.id, runId));
    if (result.posted > 0 || result.errors.length > 0)
      await enqueue(
        tx,
        outbox,
        systemAuditEvent('admin', {
          action: 'relay.run',
          category: 'system',
          description: `VK → Discord relay run ${runId}: posted ${result.posted}, skipped ${result.skipped}, errors ${result.errors.length}`,
          targetType: 'relay-run',
          targetId: String(runId),
        }),
      );
  });
}

/**
 * The VK → Discord relay (requirements O2.7). A run holds a PostgreSQL advisory lock (a replica that
 * cannot take it skips the run), reads each group's wall, and posts the fresh posts, oldest
 * first, as embeds. Every post is claimed in relay_posts (committed) before it is sent, so no
 * run, restart or replica posts it again; Discord's enforce_nonce covers a retry of the same
 * call. Each run is recorded with what it posted, skipped and failed.
 */
export function createRelay(deps: RelayDeps) {
  const { database, logger } = deps;
  const now = deps.now ?? Date.now;

  async function runLocked(trigger: string): Promise<RunResult> {
    const runId = await startRun(database.db, trigger);
    const settings = await readRelaySettings(database.db);
    const result: RunResult = {
      id: runId,
      posted: 0,
      skipped: 0,
      errors: missingSettings(settings, deps.discord),
    };
    const token = settings['vk.token'];
    const channel = settings['vk.discordChannelId'];
    if (token && channel && deps.discord.configured) {
      const run = { token, channel, settings, nowSeconds: Math.floor(now() / 1000) };
      for (const group of settings['vk.groups']) await relayGroup(deps, run, group, result);
    }
    await finishRun(database, runId, result);
    deps.outboxRelay.kick();
    return result;
  }

  return {
    /** Runs once unless another run (here or on another replica) holds the lock: then null. */
    async runOnce(trigger: 'schedule' | 'manual' | 'test' = 'schedule'): Promise<RunResult | null> {
      const client = await database.pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtext($1)) as locked',
          [RELAY_LOCK],
        );
        if (!rows[0]?.locked) {
          logger.info('VK relay run skipped: another run holds the lock');
          return null;
        }
        try {
          const result = await runLocked(trigger);
          logger.info({ ...result, errors: result.errors.length }, 'VK relay run finished');
          return result;
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [RELAY_LOCK]);
        }
      } finally {
        client.release();
      }
    },
  };
}
export type Relay = ReturnType<typeof createRelay>;
