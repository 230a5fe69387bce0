import { demoAccounts } from '@acg/fakes';
import closeWithGrace from 'close-with-grace';
import { startEmbedded } from './embedded';

/** `npm start`: the whole system in one process on a machine with nothing but Node. */
const started = Date.now();
const system = await startEmbedded();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
  Anime Cards is running at ${system.url}  (started in ${seconds} s)

  Sign in with a demo account on the fake Discord page:
${demoAccounts.map((a) => `    - ${a.username}${a.intendedAdminLevel >= 3 ? ' (administrator)' : ' (fan)'}`).join('\n')}

${system.fakeDiscordUrl ? `  Drop cards with the bot's /card command on the demo chat: ${system.fakeDiscordUrl}/demo/card\n\n` : ''}  Press Ctrl+C to stop.
`);
closeWithGrace({ delay: 10_000 }, async () => {
  await system.close();
});
