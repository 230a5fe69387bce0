import { animeSourceTitle } from '@acg/contracts';
import { AppError } from '@acg/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Fakes, type Harness, startAnimeSearch, startFakes } from '../../test/harness';

let fakes: Fakes;
let h: Harness;
beforeAll(async () => {
  fakes = await startFakes();
  h = await startAnimeSearch(fakes);
});
afterEach(async () => {
  await fakes.shikimori.reset();
  await fakes.anilist.reset();
  await h.cache.clear();
  await h.database.pool.query('truncate anime, anime_titles, searches');
});
afterAll(async () => {
  await h?.close();
  await fakes?.close();
});

const title = (source: 'shikimori' | 'anilist', id: number, language = 'ru') =>
  h.bus.request(animeSourceTitle, { source, id, language });
const refusal = async (promise: Promise<unknown>): Promise<AppError> => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};
const animeAsked = (id: number) =>
  fakes.shikimori.requests.filter((r) => r.url === `/api/animes/${id}`).length;

describe('RPC anime-search.anime.title', () => {
  it('gives Shikimori’s Russian title, asked once: the next answer comes from the index with Shikimori down', async () => {
    expect(await title('shikimori', 52991)).toEqual({ title: 'Провожающая в последний путь Фрирен' });
    expect(animeAsked(52991)).toBe(1);
    // Not the look-ups' cache: the anime index.
    await h.cache.clear();
    await fakes.shikimori.setMode({ down: '503' });
    expect(await title('shikimori', 52991)).toEqual({ title: 'Провожающая в последний путь Фрирен' });
    expect(animeAsked(52991)).toBe(1);
  });

  it('gives AniList’s English title for an AniList id', async () => {
    expect(await title('anilist', 154587)).toEqual({ title: 'Frieren: Beyond Journey’s End' });
  });

  it('an id Shikimori does not know is a 404 in the caller’s language', async () => {
    const err = await refusal(title('shikimori', 987654321));
    expect(err.status).toBe(404);
    expect(err.message).toBe('Аниме не найдено на Shikimori');
    expect((await refusal(title('shikimori', 987654321, 'en'))).message).toBe('Anime not found on Shikimori');
  });

  it('Shikimori down and the anime not in the index is a 503 naming Shikimori', async () => {
    await fakes.shikimori.setMode({ down: '503' });
    const err = await refusal(title('shikimori', 1));
    expect(err.status).toBe(503);
    expect(err.message).toBe('Shikimori недоступен, попробуйте позже');
  });
});
