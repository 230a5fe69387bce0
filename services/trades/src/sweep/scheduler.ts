import { createOutageLog, isOutage, type Logger } from '@acg/platform';
import { schedule } from 'node-cron';
import type { Sweep } from './sweep';

/** Runs the sweep on its node-cron schedule; overlapping runs on one replica are skipped. */
export function startSweepScheduler(sweep: Sweep, pattern: string, logger: Logger) {
  // The database lost: each run fails until it is back, logged once per outage.
  const outage = createOutageLog(logger, 'trade sweep');
  const task = schedule(
    pattern,
    async () => {
      try {
        await sweep.runOnce();
        outage.ok();
      } catch (err) {
        if (isOutage(err)) outage.failed(err);
        else logger.error({ err }, 'trade sweep failed');
      }
    },
    { name: 'trade-sweep', noOverlap: true },
  );
  return { stop: async () => void (await task.destroy()) };
}
