import type { AnimeIndexStatus as Status } from '@acg/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import { AnimeIndexStatus } from './IndexStatus';

const STATUS: Status = {
  index: {
    titles: 1234,
    withShikimori: 1100,
    withAnilist: 900,
    withBoth: 766,
    fresh: 1200,
    refreshHours: 24,
    oldestRefresh: '2026-11-27T09:30:00.000Z',
    searches: 57,
  },
  sources: {
    shikimori: {
      available: true,
      lastMinute: { user: 12, background: 31 },
      lastHour: { user: 400, background: 1500 },
    },
    anilist: {
      available: false,
      lastMinute: { user: 3, background: 8 },
      lastHour: { user: 90, background: 420 },
    },
  },
  backgroundShare: 0.4,
};

afterEach(() => vi.unstubAllGlobals());

const STATUS_URL = '/api/admin/anime-search/status';
/** Opens the panel (closed, it asks nothing). */
const open = () => {
  const details = screen.getByText(/Anime index and source budgets|Индекс аниме и лимиты источников/)
    .parentElement as HTMLDetailsElement;
  details.open = true;
  fireEvent(details, new Event('toggle'));
  return details;
};
const cells = (source: string) =>
  [...(document.querySelector(`tr[data-source="${source}"]`)?.children ?? [])].map((c) =>
    c.textContent?.replace(/\s/g, ' '),
  );

describe('the anime index status in search and add', () => {
  it('asks nothing until opened, then shows the index and each source’s requests by members and the background, in Russian', async () => {
    const fetchMock = stubFetch(async (url) =>
      url === STATUS_URL ? jsonResponse(STATUS) : jsonResponse({ error: 'unexpected' }, 500),
    );
    renderPage({ language: 'ru' }, <AnimeIndexStatus />);
    expect(fetchMock).not.toHaveBeenCalled();
    const details = open();
    expect(await within(details).findByText('1 234')).toBeTruthy();
    expect(screen.getByText('тайтлов: 766 с обоих сайтов, 1 100 с Shikimori, 900 с AniList')).toBeTruthy();
    expect(screen.getByText('прочитаны за последние 24 ч')).toBeTruthy();
    expect(cells('shikimori')).toEqual(['Shikimori', 'доступен', '12', '31', '400', '1 500']);
    expect(cells('anilist')).toEqual(['AniList', 'недоступен', '3', '8', '90', '420']);
    expect(screen.getByText(/Фоновое заполнение может занимать 40 %/)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([STATUS_URL]);
  });

  it('says when the status cannot be loaded, and asks again with the refresh button', async () => {
    let fail = true;
    stubFetch(async (url) =>
      url === STATUS_URL && !fail
        ? jsonResponse(STATUS)
        : jsonResponse({ error: 'Service unavailable' }, 503),
    );
    renderPage({ language: 'en' }, <AnimeIndexStatus />);
    open();
    expect(await screen.findByText(/^Could not load the anime index status/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(cells('anilist')).toEqual(['AniList', 'unavailable', '3', '8', '90', '420']);
    expect(screen.getByText('oldest read')).toBeTruthy();
  });
});
