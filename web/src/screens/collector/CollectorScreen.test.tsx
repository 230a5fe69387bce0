import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch, user } from '../../test/render';
import CollectorScreen from './CollectorScreen';

const entry = (n: number, character: string, names: string[], rank = 'B') => ({
  id: n,
  cardId: 100 + n,
  limited: false,
  obtainedAt: '2026-11-01T10:00:00Z',
  quantity: n === 1 ? 2 : 1,
  character,
  rank,
  Card: {
    id: 100 + n,
    imageUrl: null,
    Character: { id: n, name: character, names },
    Rank: { code: rank, color: '#9c27b0', title: 'Epic' },
  },
  animeIds: [1],
});
const violet = { id: 40, displayName: 'Violet', avatar: null, discordId: '140' };
const page = (over: object = {}) => ({
  user: violet,
  hidden: false,
  self: false,
  cards: [
    entry(1, 'Гилберт Бугенвиллея', ['Gilbert Bougainvillea', 'Гилберт Бугенвиллея', 'ギルベルト']),
    entry(2, 'Димпл', ['Dimple', 'Димпл', 'エクボ'], 'D'),
  ],
  stats: {
    total_cards: 3,
    limited_cards: 0,
    common_cards: 3,
    unique_characters: 2,
    by_rank: [{ code: 'B', title: 'Epic', color: '#9c27b0', count: 3 }],
    by_anime: [{ animeId: 1, cards: 2 }],
  },
  ...over,
});

function api(answer: () => Response, extra: Record<string, (init?: RequestInit) => Response> = {}) {
  return stubFetch(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (extra[key]) return extra[key](init);
    if (url === '/api/collectors/40') return answer();
    if (url === '/api/ranks') return jsonResponse([]);
    if (url === '/api/anime')
      return jsonResponse([{ id: 1, title: 'Violet Evergarden', titles: {}, cardCount: 4 }]);
    return jsonResponse({ error: 'not found' }, 404);
  });
}
const show = (language: 'en' | 'ru' = 'en') =>
  renderPage({ path: '/u/40', user: user(), language }, <CollectorScreen userId={40} />);

afterEach(() => vi.restoreAllMocks());

describe('CollectorScreen', () => {
  it('shows a fan’s collection, its counts and a way to offer them a trade', async () => {
    api(() => jsonResponse(page()));
    show('ru');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Коллекция: Violet');
    expect(screen.getByRole('link', { name: 'Предложить обмен' }).getAttribute('href')).toBe('/trade?to=40');
    expect(screen.getByText('Карт: 3, уникальных персонажей: 2')).toBeTruthy();
    expect(await screen.findByText('2 из 4 · 50%')).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Поиск по персонажу или рангу' });
    const names = () =>
      [...document.querySelectorAll('.collector-card__name')].map((n) => n.firstChild?.textContent);
    expect(names()).toEqual(['Гилберт Бугенвиллея', 'Димпл']);
    fireEvent.change(box, { target: { value: 'ギルベルト' } });
    expect(names()).toEqual(['Гилберт Бугенвиллея']);
    fireEvent.change(box, { target: { value: 'dimple' } });
    expect(names()).toEqual(['Димпл']);
  });

  it('shows only who they are when they hid their collection', async () => {
    api(() => jsonResponse(page({ hidden: true, cards: [], stats: null })));
    show();
    expect(await screen.findByText('Violet keeps their collection private.')).toBeTruthy();
    expect(screen.queryByText('Cards')).toBeNull();
    expect(screen.getByRole('link', { name: 'Offer a trade' })).toBeTruthy();
  });

  it('says so for an unknown collector, and offers a retry for a failed load', async () => {
    api(() => jsonResponse({ error: 'Collector 40 not found' }, 404));
    const view = show();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'This collector does not exist.',
    );
    view.unmount();
    api(() => jsonResponse({ error: 'down' }, 503));
    show();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
