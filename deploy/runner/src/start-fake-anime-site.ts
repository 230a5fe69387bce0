import { startFakeAniList, startFakeShikimori } from '@acg/fakes';

/** The fake Shikimori or AniList (FAKE_SITE) as a process of its own (distributed runner without real addresses). */
const site = process.env.FAKE_SITE;
if (site !== 'shikimori' && site !== 'anilist') throw new Error('FAKE_SITE must be shikimori or anilist');
const port = Number(process.env.PORT ?? (site === 'shikimori' ? 4197 : 4198));
const fake = site === 'shikimori' ? await startFakeShikimori({ port }) : await startFakeAniList({ port });
console.log(`fake ${site} listening at ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
