import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerConfirm, expectMessage } from '../../../../test/dialogs';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import CacheSection from './index';

const stats = (keys: number) => ({
  application_cache: {
    keys,
    hits: 9,
    misses: 3,
    hit_rate: 0.75,
    avg_user_hit_rate: 0.6667,
    users_tracked: 2,
    namespaces: ['cards', 'characters', 'ranks', 'seasons', 'animes'].map((name, i) => ({
      name,
      keys: i,
      hits: i,
      misses: 0,
      hit_rate: i ? 1 : 0,
    })),
  },
});

describe('the cache section', () => {
  it('shows the server and browser figures and clears the server cache after a confirmation, in Russian', async () => {
    localStorage.setItem('acg.image-cache.stats', JSON.stringify({ hits: 4, misses: 1 }));
    let keys = 10;
    const mock = stubFetch(async (url, init) => {
      if (url === '/api/admin/cache/stats') return jsonResponse(stats(keys));
      if (url === '/api/admin/cache/clear' && init?.method === 'POST') {
        keys = 0;
        return jsonResponse({ success: true, namespaces: ['cards'], keysRemoved: 10 });
      }
      return jsonResponse({ error: 'unexpected' }, 500);
    });
    renderPage({ language: 'ru' }, <CacheSection />);
    const server = await screen.findByRole('region', { name: 'Кэш сервера' });
    await within(server).findByText('10');
    expect(within(server).getByText('75%')).toBeTruthy();
    expect(within(server).getByText('66.7%')).toBeTruthy();
    expect(server.querySelectorAll('tbody tr')).toHaveLength(5);
    const browser = screen.getByRole('region', { name: 'Кэш изображений браузера' });
    expect(within(browser).getByText('80%')).toBeTruthy();
    expect(within(browser).getByText('0 из 200 МБ')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Очистить кэш сервера' }));
    await answerConfirm(true);
    await expectMessage('Кэш успешно очищен');
    const clear = mock.mock.calls.find(([u]) => String(u) === '/api/admin/cache/clear')!;
    expect(clear[1]).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
    await waitFor(() =>
      expect(server.querySelector('[data-stat="keys"] .admin-stat__value')?.textContent).toBe('0'),
    );
  });

  it('does nothing when the confirmation is declined, and names a failed cleanup', async () => {
    const mock = stubFetch(async (url) =>
      url === '/api/admin/cache/stats'
        ? jsonResponse(stats(1))
        : jsonResponse({ error: 'The catalogue cache cannot be cleaned right now' }, 503),
    );
    renderPage({ language: 'en' }, <CacheSection />);
    await screen.findByText('Users tracked');
    fireEvent.click(screen.getByRole('button', { name: 'Clear server cache' }));
    await answerConfirm(false);
    expect(mock.mock.calls.some(([u]) => String(u) === '/api/admin/cache/clear')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Clean old server entries' }));
    await answerConfirm(true);
    await expectMessage('Could not clean the cache: The catalogue cache cannot be cleaned right now');
  });
});
