import type { Logger } from '@acg/platform';
import { schedule } from 'node-cron';
import type { Sweep } from './sweep';

/** Runs the sweep on its node-cron schedule; overlapping runs on one replica are skipped. */
export function startSweepScheduler(sweep: Sweep, pattern: string, logger: Logger) {
  const task = schedule(
    pattern,
    async () => {
      try {
        await sweep.runOnce();
      } catch (err) {
        logger.error({ err }, 'trade sweep failed');
      }
    },
    { name: 'trade-sweep', noOverlap: true },
  );
  return { stop: async () => void (await task.destroy()) };
}
