import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../../../test/dialogs';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import SeasonsSection from '.';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the season section', () => {
  it('shows Загрузка..., then the table with 10-character dates; adds, reloads and deletes', async () => {
    let seasons = [
      {
        id: 1,
        title: 'Зима 2026',
        startDate: '2026-01-01T00:00:00.000Z',
        endDate: '2026-03-31T23:59:59.000Z',
      },
    ];
    const calls: string[] = [];
    stubFetch(async (url, init) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'GET') return jsonResponse(seasons);
      if (method === 'POST') {
        seasons = [...seasons, { id: 2, ...JSON.parse(String(init?.body)) }];
        return jsonResponse(seasons.at(-1), 201);
      }
      // DELETE: the season goes.
      seasons = seasons.filter((s) => `/admin/seasons/${s.id}` !== url);
      return jsonResponse({ success: true });
    });
    renderPage({ language: 'ru' }, <SeasonsSection />);
    expect(screen.getByText('Загрузка...')).toBeTruthy();
    await screen.findByText('Зима 2026');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID',
      'Название',
      'Начало',
      'Конец',
      'Действие',
    ]);
    const row = screen.getByText('Зима 2026').closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(2, 4),
    ).toEqual(['2026-01-01', '2026-03-31']);
    const form = screen.getByRole('form', { name: 'Добавить сезон' });
    for (const input of form.querySelectorAll('input')) expect(input.required).toBe(true);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Название' }), {
      target: { value: 'Весна 2026' },
    });
    fireEvent.change(form.querySelectorAll('input')[1]!, { target: { value: '2026-04-01' } });
    fireEvent.change(form.querySelectorAll('input')[2]!, { target: { value: '2026-06-30' } });
    fireEvent.submit(form);
    await screen.findByText('Весна 2026');
    expect(calls).toEqual(['GET /admin/seasons', 'POST /admin/seasons', 'GET /admin/seasons']);
    fireEvent.click(
      within(screen.getByText('Зима 2026').closest('tr') as HTMLElement).getByRole('button', {
        name: 'Удалить',
      }),
    );
    await answerConfirm(true, /Зима 2026/);
    await waitFor(() => expect(screen.queryByText('Зима 2026')).toBeNull());
    // The delete, then the list read again (the data layer reloads what a write changes).
    expect(calls.slice(3)).toEqual(['DELETE /admin/seasons/1', 'GET /admin/seasons']);
    expect(screen.getByText('Весна 2026')).toBeTruthy();
  });
});
