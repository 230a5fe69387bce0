import { startFakeDiscord } from '@acg/fakes';

/** The fake Discord as a process of its own (distributed runner without Discord credentials). */
const fake = await startFakeDiscord({
  port: Number(process.env.PORT ?? 4199),
  interactionsUrl: process.env.FAKE_INTERACTIONS_URL,
});
console.log(`fake Discord listening at ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
