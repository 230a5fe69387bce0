import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch, user } from '../../test/render';
import { COPIED_MS, ProfileScreen } from './ProfileScreen';

const me = {
  id: 7,
  username: 'sakura_fan',
  discriminator: '0',
  discordId: '1187394520190640128',
  avatar: null,
  email: 'sakura@example.com',
  adminLevel: 2,
  shikimoriId: null,
  shikimoriNickname: null,
  shikimoriAvatar: null,
  language: 'en',
  level: 0,
  createdAt: '2026-01-01T00:00:00Z',
};
const entry = (n: number, character = `Hero ${n}`, rank = 'E') => ({
  id: n,
  cardId: n,
  limited: n % 5 === 0,
  obtainedAt: '2026-11-01T10:00:00Z',
  quantity: 1,
  character,
  rank,
  Card: {
    id: n,
    imageUrl: null,
    Character: { id: n, name: character },
    Rank: { code: rank, color: '#9e9e9e', title: 'Common' },
  },
});

function api(over: Record<string, () => Promise<Response>> = {}) {
  return stubFetch(async (url) => {
    if (over[url]) return over[url]();
    if (url === '/api/me') return jsonResponse({ user: me, language: 'en' });
    if (url === '/api/inventory/my')
      return jsonResponse([
        ...Array.from({ length: 14 }, (_, i) => entry(i + 1)),
        entry(15, 'Frieren', 'SSS'),
      ]);
    if (url === '/api/inventory/stats')
      return jsonResponse({ total_cards: 15, limited_cards: 3, common_cards: 12, unique_characters: 15 });
    return jsonResponse({ error: 'not found' }, 404);
  });
}

afterEach(() => vi.useRealTimers());

describe('ProfileScreen', () => {
  it('shows the header with the level name, e-mail and the Shikimori connect link', async () => {
    api();
    renderPage({ user: user() }, <ProfileScreen />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('sakura_fan');
    expect(screen.getByText('Moderator')).toBeTruthy();
    expect(screen.getByText('sakura@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect your Shikimori account' }).getAttribute('href')).toBe(
      '/auth/shikimori',
    );
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/auth/logout');
  });

  it('shows the copied marker for 1.2 s after copying the Discord ID', async () => {
    api();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage({ user: user() }, <ProfileScreen />);
    const copy = await screen.findByRole('button', { name: /^Copy Discord ID/ });
    vi.useFakeTimers();
    await act(async () => fireEvent.click(copy));
    expect(writeText).toHaveBeenCalledWith('1187394520190640128');
    expect(screen.getByText('Copied!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(COPIED_MS - 1));
    expect(screen.queryByText('Copied!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Copied!')).toBeNull();
  });

  it('shows the first 12 cards, then all with show all (N), and searches by name or rank code', async () => {
    api();
    const { container } = renderPage({ user: user() }, <ProfileScreen />);
    await screen.findByRole('button', { name: 'Show all (15)' });
    const cards = () => container.querySelectorAll('.profile__cards .card-frame');
    expect(cards()).toHaveLength(12);
    expect(container.querySelector('.profile__cards img')?.getAttribute('width')).toBe('144');
    fireEvent.click(screen.getByRole('button', { name: 'Show all (15)' }));
    expect(cards()).toHaveLength(15);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'sss' } });
    expect(cards()).toHaveLength(1);
    expect(within(cards()[0] as HTMLElement).getByText('Frieren')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nobody' } });
    expect(screen.getByText('No cards match your search.')).toBeTruthy();
  });

  it('suggests the /card command when there are no cards', async () => {
    api({ '/api/inventory/my': async () => jsonResponse([]) });
    renderPage({ user: user() }, <ProfileScreen />);
    expect(await screen.findByText(/Use the \/card command/)).toBeTruthy();
  });

  it('shows the stats, and a failure message when they do not load', async () => {
    api();
    renderPage({ user: user() }, <ProfileScreen />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Statistics' }));
    await screen.findByText('Total cards');
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['15', '3', '12', '15']);
  });

  it('says when the stats failed', async () => {
    api({ '/api/inventory/stats': async () => jsonResponse({ error: 'down' }, 503) });
    renderPage({ user: user() }, <ProfileScreen />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByText('Could not load your statistics.')).toBeTruthy();
  });
});
