import { join, resolve } from 'node:path';
import { demoAccounts } from '@acg/fakes';
import closeWithGrace from 'close-with-grace';
import { type EmbeddedOptions, startEmbedded } from './embedded';
import { embeddedLayout } from './embedded-layout';

/**
 * `npm start`: the whole system in one process on a machine with nothing but Node. `PORT` (default
 * 3000) moves every port of the system with it and picks its own data folder, so a second copy
 * runs beside the first (`PORT=3100 npm start`): see embeddedLayout.
 */
let layout: EmbeddedOptions;
try {
  layout = embeddedLayout(process.env.PORT, join(resolve(import.meta.dirname, '..', '..', '..'), '.data'));
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
const started = Date.now();
const system = await startEmbedded(layout);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
  Anime Cards is running at ${system.url}  (started in ${seconds} s)

  Sign in with a demo account on the fake Discord page:
${demoAccounts.map((a) => `    - ${a.username}${a.intendedAdminLevel >= 3 ? ' (administrator)' : ' (fan)'}`).join('\n')}

${system.fakeDiscordUrl ? `  Drop cards with the bot's /card (and try /collection, /view, /wish, /trade, /profile) on the demo chat: ${system.fakeDiscordUrl}/demo/card\n\n` : ''}  Press Ctrl+C to stop.
`);
closeWithGrace({ delay: 10_000 }, async () => {
  await system.close();
});
