import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../test/render';
import { callRoute, NetworkError, request, urlOf } from './client';
import { HttpError } from './http';

describe('the typed client', () => {
  it('fills the path’s parameters, encoded, and writes the query in order without undefined values', () => {
    expect(urlOf('GET /api/anime/:animeId/details', { params: { animeId: 'shiki/5 x' } })).toBe(
      '/api/anime/shiki%2F5%20x/details',
    );
    expect(
      urlOf('GET /api/characters', { query: { limit: 60, anime_id: undefined, rank_code: 'S', after: 120 } }),
    ).toBe('/api/characters?limit=60&rank_code=S&after=120');
    expect(urlOf('GET /api/ranks')).toBe('/api/ranks');
  });

  it('sends the method, a JSON body and same-origin credentials, and gives the answer with its headers', async () => {
    const fetchMock = stubFetch(
      async () =>
        new Response(JSON.stringify({ added: 3, skipped: 1 }), {
          status: 200,
          headers: { 'x-total-count': '9' },
        }),
    );
    const answer = await callRoute('POST /admin/cards/bulk-add-anime', {
      body: { anime_id: 4, rank_id: 2, season_id: null },
    });
    expect(answer.data).toEqual({ added: 3, skipped: 1 });
    expect(answer.headers.get('x-total-count')).toBe('9');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin/cards/bulk-add-anime');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"anime_id":4,"rank_id":2,"season_id":null}',
    });
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('rejects a non-2xx answer with its status and parsed body', async () => {
    stubFetch(async () => jsonResponse({ error: 'Франшиза уже существует' }, 409));
    const err = await request('POST /admin/franchises', { body: { title: 'X' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 409, body: { error: 'Франшиза уже существует' } });
  });

  it('turns a failed request into a NetworkError, and leaves an abort as it is', async () => {
    stubFetch(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('GET /api/ranks')).rejects.toBeInstanceOf(NetworkError);
    const controller = new AbortController();
    controller.abort();
    stubFetch(async () => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(request('GET /api/ranks', undefined, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
