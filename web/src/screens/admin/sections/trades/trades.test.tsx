import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageLoaderContext } from '../../../../components/LoadedImage';
import type { ImageLoader } from '../../../../images/loader';
import { expectMessage } from '../../../../test/dialogs';
import { jsonResponse, renderPage, stubFetch, user } from '../../../../test/render';
import { filterTrades, UserTradesSlot } from '../users/UserTradesSlot';
import TradesSection from './index';

const person = (id: number, username: string) => ({ id, username, avatar: null, discordId: `5000${id}` });
const trade = (
  id: number,
  status = 'pending',
  from = person(1, 'sakura_fan'),
  to = person(2, 'admin_hikari'),
) => ({
  id,
  from_user_id: from.id,
  to_user_id: to.id,
  status,
  description: id % 2 ? `swap ${id}` : null,
  message: null,
  createdAt: '2026-11-20T10:00:00Z',
  expiresAt: '2026-11-27T10:00:00Z',
  FromUser: from,
  ToUser: to,
  Items: [
    {
      id: id * 10,
      side: 'from' as const,
      quantity: 1,
      Inventory: {
        Card: { id: 3, imageUrl: null, Character: { name: 'Frieren' } },
        Character: { name: 'Frieren' },
      },
    },
    {
      id: id * 10 + 1,
      side: 'to' as const,
      quantity: 2,
      Inventory: {
        Card: { id: 4, imageUrl: null, Character: { name: 'Fern' } },
        Character: { name: 'Fern' },
      },
    },
  ],
});
const admin = user({ id: 2, adminLevel: 3 });

afterEach(() => vi.restoreAllMocks());

describe('trade monitoring (requirements O2.5)', () => {
  it('shows the stat cards, the rows, 20 a page with Russian paging, and filters by status', async () => {
    const fetchMock = stubFetch(async (url) => {
      if (url === '/trade/api/admin/stats')
        return jsonResponse({
          total: 45,
          today: 3,
          byStatus: { pending: 5, accepted: 30, declined: 4, cancelled: 6 },
        });
      if (url.startsWith('/trade/api/admin/all'))
        return jsonResponse({
          rows: [trade(1), trade(2, 'accepted')],
          count: url.includes('status=') ? 2 : 45,
        });
      return jsonResponse({}, 404);
    });
    renderPage({ user: admin, language: 'ru' }, <TradesSection />);
    await screen.findByText('swap 1');
    const stats = within(screen.getByRole('list', { name: 'Статистика обменов' }));
    expect(stats.getByText('Всего обменов').previousElementSibling?.textContent).toBe('45');
    expect(stats.getByText('Сегодня').previousElementSibling?.textContent).toBe('3');
    expect(stats.getAllByText('Принят')[0]!.closest('li')?.textContent).toBe('30Принят');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID',
      'От кого',
      'Кому',
      'Статус',
      'Карты',
      'Описание',
      'Создан',
      'Истекает',
    ]);
    const row = screen.getAllByRole('row')[1]!;
    expect(row.textContent).toContain('sakura_fan');
    expect(row.textContent).toContain('Frieren×1');
    expect(row.textContent).toContain('Fern×2');
    expect(screen.getByText('Страница 1 из 3')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/trade/api/admin/all?limit=20&offset=0');
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/trade/api/admin/all?limit=20&offset=20'),
    );
    fireEvent.change(screen.getByLabelText('Статус'), { target: { value: 'accepted' } });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => u)).toContain(
        '/trade/api/admin/all?limit=20&offset=0&status=accepted',
      ),
    );
    // Two rows now: no paging.
    await vi.waitFor(() => expect(screen.queryByText(/^Страница/)).toBeNull());
  });

  it("cleans up with the spec's message, then reloads stats and rows", async () => {
    const fetchMock = stubFetch(async (url, init) => {
      if (url === '/trade/api/admin/cleanup' && init?.method === 'POST')
        return jsonResponse({ cleanedCount: 3 });
      if (url === '/trade/api/admin/stats') return jsonResponse({ total: 1, today: 0, byStatus: {} });
      if (url.startsWith('/trade/api/admin/all')) return jsonResponse({ rows: [], count: 0 });
      return jsonResponse({}, 404);
    });
    renderPage({ user: admin, language: 'ru' }, <TradesSection />);
    await screen.findByText('Обменов нет');
    const statsReads = () => fetchMock.mock.calls.filter(([u]) => u === '/trade/api/admin/stats').length;
    const before = statsReads();
    fireEvent.click(screen.getByRole('button', { name: 'Очистить просроченные' }));
    await expectMessage('Очищено 3 просроченных обменов');
    await vi.waitFor(() => expect(statsReads()).toBe(before + 1));
  });
});

describe("the user modal's trades tab (requirements O2.2)", () => {
  const list = [trade(11), trade(12, 'declined', person(3, 'rem_fan'), person(2, 'admin_hikari'))];

  it('searches by trade id or either name', () => {
    expect(filterTrades(list, '12').map((t) => t.id)).toEqual([12]);
    expect(filterTrades(list, ' REM ').map((t) => t.id)).toEqual([12]);
    expect(filterTrades(list, 'hikari').map((t) => t.id)).toEqual([11, 12]);
    expect(filterTrades(list, '1')).toEqual([]);
  });

  it("shows 'Найдено: N', each trade with status, people and cards, and 'Трейды не найдены'", async () => {
    stubFetch(async (url) => (url === '/admin/users/2/trades' ? jsonResponse(list) : jsonResponse({}, 404)));
    renderPage({ user: admin, language: 'ru' }, <UserTradesSlot userId={2} search="" />);
    await screen.findByText('Найдено: 2');
    const first = document.querySelector('[data-trade-id="11"]') as HTMLElement;
    expect(within(first).getByText('#11')).toBeTruthy();
    expect(within(first).getByText('Ожидает').dataset.status).toBe('pending');
    expect(first.textContent).toContain('sakura_fan');
    expect(first.textContent).toContain('Fern×2');
    cleanup();
    renderPage({ user: admin, language: 'ru' }, <UserTradesSlot userId={2} search="nobody" />);
    await screen.findByText('Найдено: 0');
    expect(await screen.findByText('Трейды не найдены')).toBeTruthy();
  });

  it("hides a card image that fails to load behind the 'Карточка' placeholder (requirements O8)", async () => {
    stubFetch(async (url) => (url === '/admin/users/2/trades' ? jsonResponse(list) : jsonResponse({}, 404)));
    // Every picture fails to load (as LoadedImage's own tests do it).
    const failing = {
      load: async () => Promise.reject(new Error('HTTP 404')),
      loaded: () => undefined,
      forget: () => {},
    } as unknown as ImageLoader;
    renderPage(
      { user: admin, language: 'ru' },
      <ImageLoaderContext.Provider value={failing}>
        <UserTradesSlot userId={2} search="" />
      </ImageLoaderContext.Provider>,
    );
    const first = (await screen.findByText('#11')).closest('[data-trade-id]') as HTMLElement;
    const images = first.querySelectorAll('.admin-trade-cards__image');
    expect(images).toHaveLength(2);
    await vi.waitFor(() => {
      for (const image of images) {
        expect(image.className).toContain('image--error');
        expect(image.textContent).toBe('Карточка');
      }
    });
  });
});
