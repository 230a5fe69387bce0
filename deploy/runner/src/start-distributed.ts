import closeWithGrace from 'close-with-grace';
import { startDistributed } from './distributed';

/** `pnpm dev:distributed`: one process per service against DATABASE_URL, REDIS_URL and NATS_URL. */
const system = await startDistributed();
console.log(
  `\n  Anime Cards (distributed) is running at ${system.url}\n  Processes: ${[...system.processes.keys()].join(', ')}\n`,
);
closeWithGrace({ delay: 30_000 }, async () => {
  await system.close();
});
