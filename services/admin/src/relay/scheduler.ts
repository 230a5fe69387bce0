import { DEFAULT_SCHEDULE } from '@acg/contracts';
import { createOutageLog, isOutage, type Logger } from '@acg/platform';
import { type ScheduledTask, schedule, validate } from 'node-cron';
import type { Relay } from './relay';

export interface RelayScheduler {
  /** Re-reads the schedule now (after a save on this replica); the poll catches other replicas' saves. */
  sync(): Promise<void>;
  /** The cron text in force on this replica. */
  pattern(): string | null;
  stop(): Promise<void>;
}

/**
 * Runs the relay on the schedule of the `vk.schedule` setting (node-cron). Every replica keeps a
 * task; the relay's advisory lock lets one of them run at a time. A changed setting is picked
 * up at once on the replica that saved it and within the poll period on the others.
 */
export async function startRelayScheduler(opts: {
  relay: Relay;
  readSchedule: () => Promise<string>;
  pollMs: number;
  logger: Logger;
}): Promise<RelayScheduler> {
  const { relay, logger } = opts;
  let task: ScheduledTask | null = null;
  let current: string | null = null;
  let stopped = false;
  // The database lost: runs and schedule reads fail until it is back, logged once per outage.
  const outage = createOutageLog(logger, 'VK relay schedule');

  const sync = async () => {
    if (stopped) return;
    let next: string;
    try {
      next = await opts.readSchedule();
    } catch (err) {
      if (isOutage(err)) outage.failed(err);
      else logger.warn({ err }, 'could not read vk.schedule; keeping the current schedule');
      return;
    }
    if (!validate(next)) next = DEFAULT_SCHEDULE;
    if (next === current) return;
    await task?.destroy();
    task = schedule(
      next,
      async () => {
        try {
          await relay.runOnce('schedule');
          outage.ok();
        } catch (err) {
          if (isOutage(err)) outage.failed(err);
          else logger.error({ err }, 'VK relay run failed');
        }
      },
      { name: 'vk-relay', noOverlap: true },
    );
    logger.info({ from: current, to: next }, 'VK relay schedule set');
    current = next;
  };

  await sync();
  const timer = setInterval(() => void sync(), opts.pollMs);
  timer.unref();
  return {
    sync,
    pattern: () => current,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await task?.destroy();
      task = null;
    },
  };
}
