import { startFakeVk } from '@acg/fakes';

/** The fake VK API as a process of its own (distributed runner without VK_API_BASE_URL). */
const port = Number(process.env.PORT ?? 4196);
const fake = await startFakeVk({ port });
console.log(`fake VK listening at ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
