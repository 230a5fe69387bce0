import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch, user } from '../../test/render';
import { CharactersScreen } from './CharactersScreen';

const ranks = [
  { id: 1, code: 'E', title: 'Common', color: '#9e9e9e' },
  { id: 6, code: 'S', title: 'Mythic', color: '#f44336' },
];
const character = (id: number, name: string, code = 'S') => ({
  id,
  name,
  altname: `${name} alt`,
  description: `About ${name}`,
  imageUrl: null,
  shikimoriId: id === 1 ? 184947 : null,
  anilistId: null,
  Cards: [
    {
      id: id * 10,
      imageUrl: null,
      limited: id === 1,
      seasonId: null,
      Rank: { code, title: 'Mythic', color: '#f44336', imageUrl: null },
    },
  ],
});

/** A fake API: characters by rank filter, likes, owners. `routes` can override any path. */
function api(routes: Record<string, (url: string, init?: RequestInit) => Promise<Response>> = {}) {
  return stubFetch(async (url, init) => {
    for (const [prefix, answer] of Object.entries(routes))
      if (url.startsWith(prefix)) return answer(url, init);
    if (url === '/api/ranks') return jsonResponse(ranks);
    if (url === '/api/anime') return jsonResponse([{ id: 3, title: 'Sousou no Frieren' }]);
    if (url.startsWith('/api/characters')) {
      const list = url.includes('rank_code=E')
        ? [character(2, 'Stark', 'E')]
        : [character(1, 'Frieren'), character(2, 'Stark', 'E')];
      return new Response(JSON.stringify(list), { headers: { 'x-total-count': String(list.length) } });
    }
    if (url.endsWith('/likes')) return jsonResponse({ likes: 4, liked: false });
    if (url.endsWith('/like')) return jsonResponse({ success: true, likes: 5 });
    if (url.startsWith('/api/inventory?card_id='))
      return jsonResponse([{ id: 5, user_id: 5, username: '', avatar: null, discordId: '1' }]);
    return jsonResponse({ error: 'not found' }, 404);
  });
}

const characterCalls = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/characters'));

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('CharactersScreen', () => {
  it('loads after 250 ms, filters by rank, cancels the request in flight and resets', async () => {
    const mock = api();
    renderPage({ user: user() }, <CharactersScreen />);
    expect(characterCalls(mock)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(250));
    await screen.findByText('Frieren');
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();

    // Quick changes: each restarts the 250 ms delay and cancels what was in flight, so only the
    // last filter's request completes.
    fireEvent.click(await screen.findByRole('button', { name: 'E' }));
    fireEvent.click(screen.getByRole('button', { name: 'S' }));
    fireEvent.click(screen.getByRole('button', { name: 'E' }));
    await act(() => vi.advanceTimersByTimeAsync(250));
    await waitFor(() => expect(screen.queryByText('Frieren')).toBeNull());
    const calls = mock.mock.calls.filter(([u]) => String(u).startsWith('/api/characters'));
    expect(String(calls.at(-1)![0])).toContain('rank_code=E');
    for (const [u, init] of calls.slice(1, -1)) {
      // Any earlier filter's request that did start was aborted.
      expect([String(u), init?.signal?.aborted]).toEqual([String(u), true]);
    }

    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await act(() => vi.advanceTimersByTimeAsync(250));
    await screen.findByText('Frieren');
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();
  });

  it.each([
    [jsonResponse({ error: 'boom', details: 'db down' }, 500), 'API error: db down'],
    [jsonResponse({ error: 'boom' }, 500), 'API error: boom'],
    [jsonResponse({ oops: true }), 'Неожиданный ответ API: {"oops":true}'],
  ])('replaces the page with the error box titled Ошибка (%#)', async (answer, message) => {
    api({ '/api/characters': async () => answer });
    renderPage({ user: user() }, <CharactersScreen />);
    await act(() => vi.advanceTimersByTimeAsync(250));
    const box = await screen.findByRole('alert');
    expect(within(box).getByRole('heading').textContent).toBe('Ошибка');
    expect(within(box).getByText(message)).toBeTruthy();
  });

  it('reports a failed request as Ошибка запроса', async () => {
    api({ '/api/characters': async () => Promise.reject(new TypeError('Failed to fetch')) });
    renderPage({ user: user() }, <CharactersScreen />);
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(await screen.findByText('Ошибка запроса: Failed to fetch')).toBeTruthy();
  });

  it('opens the modal, likes a card once, shows owners and closes on Escape', async () => {
    const mock = api();
    renderPage({ user: user() }, <CharactersScreen />);
    await act(() => vi.advanceTimersByTimeAsync(250));
    const tile = (await screen.findByText('Frieren')).closest('button')!;
    tile.focus();
    fireEvent.click(tile);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Shikimori' }).getAttribute('href')).toBe(
      'https://shikimori.one/characters/184947',
    );
    expect(within(dialog).queryByRole('link', { name: 'AniList' })).toBeNull();
    expect(within(dialog).getByText('Limited')).toBeTruthy();
    const like = await within(dialog).findByRole('button', { name: 'Like (4 likes)' });
    fireEvent.click(like);
    await within(dialog).findByRole('button', { name: 'Like (5 likes)' });
    expect(within(dialog).getByRole('button', { name: 'Like (5 likes)' })).toHaveProperty('disabled', true);
    expect(mock.mock.calls.filter(([u]) => String(u).endsWith('/like'))).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Owners' }));
    expect(await within(dialog).findByText('ID: 5')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(tile);
  });

  it.each([
    [{ '/api/cards/10/likes': async () => jsonResponse({ error: 'x' }, 500) }, 'Ошибка загрузки лайков'],
    [
      { '/api/cards/10/like': async () => jsonResponse({ success: false, likes: 4 }, 409) },
      'Не удалось поставить лайк',
    ],
    [{ '/api/cards/10/like': async () => jsonResponse({ error: 'x' }, 500) }, 'Ошибка сети'],
  ])('shows the like message of spec 1 §8 (%#)', async (routes, message) => {
    api(routes);
    renderPage({ user: user() }, <CharactersScreen />);
    await act(() => vi.advanceTimersByTimeAsync(250));
    fireEvent.click((await screen.findByText('Frieren')).closest('button')!);
    const dialog = screen.getByRole('dialog');
    const button = within(dialog).getByRole('button', { name: /^Like/ });
    // The count (or its failure) has loaded once the button is enabled.
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    if (message !== 'Ошибка загрузки лайков') fireEvent.click(button);
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });

  it('shows the owners error with its message', async () => {
    api({ '/api/inventory?card_id=': async () => Promise.reject(new Error('offline')) });
    renderPage({ user: user() }, <CharactersScreen />);
    await act(() => vi.advanceTimersByTimeAsync(250));
    fireEvent.click((await screen.findByText('Frieren')).closest('button')!);
    fireEvent.click(screen.getByRole('tab', { name: 'Owners' }));
    expect(await screen.findByText('Ошибка загрузки владельцев: offline')).toBeTruthy();
  });
});
