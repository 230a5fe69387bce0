import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import RanksSection from '.';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the ranks section', () => {
  it('keeps the list a save reloaded when the first, slower load answers after it', async () => {
    const rank = {
      id: 1,
      code: 'E',
      title: 'Обычная',
      titles: {},
      color: '#9e9e9e',
      imageUrl: null,
      threshold: null,
      sortOrder: 0,
    };
    let releaseFirst: (answer: Response) => void = () => {};
    const first = new Promise<Response>((resolve) => {
      releaseFirst = resolve;
    });
    let gets = 0;
    stubFetch(async (_url, init) => {
      if ((init?.method ?? 'GET') === 'POST') return jsonResponse(rank, 201);
      gets += 1;
      // The first load is still on its way when the save's reload answers.
      return gets === 1 ? first : jsonResponse([rank]);
    });
    renderPage({ language: 'ru' }, <RanksSection />);
    const form = screen.getByRole('button', { name: 'Добавить ранг' }).closest('form') as HTMLElement;
    fireEvent.change(within(form).getByRole('textbox', { name: /^Код/ }), { target: { value: 'E' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Название/ }), {
      target: { value: 'Обычная' },
    });
    fireEvent.submit(form);
    await screen.findByText('Обычная');
    // The first load's answer, from before the rank existed, comes last.
    releaseFirst(jsonResponse([]));
    await waitFor(() => expect(gets).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText('Обычная')).toBeTruthy();
  });

  it('edits a rank in its row: Save sends only the changed threshold, and the row shows the new value', async () => {
    let rank = {
      id: 7,
      code: 'B',
      title: 'Epic',
      titles: { ru: 'Эпическая', ja: 'エピック' } as Record<string, string>,
      color: '#9c27b0',
      imageUrl: null,
      threshold: 45,
      sortOrder: 3,
    };
    const sent: Array<{ method: string; url: string; body: unknown }> = [];
    stubFetch(async (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'PATCH') {
        const body = JSON.parse(String(init?.body));
        sent.push({ method, url: String(url), body });
        rank = { ...rank, ...body };
        return jsonResponse(rank);
      }
      return jsonResponse([rank]);
    });
    renderPage({ language: 'en' }, <RanksSection />);
    await screen.findByText('45.00');
    fireEvent.click(screen.getByRole('button', { name: 'Edit rank B' }));
    const threshold = within(screen.getByRole('table')).getByRole('spinbutton', { name: 'Threshold' });
    fireEvent.change(threshold, { target: { value: '47.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('47.50');
    expect(sent).toEqual([{ method: 'PATCH', url: '/admin/ranks/7', body: { threshold: 47.5 } }]);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    // The Russian title: only it is sent; an emptied Japanese one is sent as none.
    expect(screen.getByText('Эпическая').getAttribute('lang')).toBe('ru');
    fireEvent.click(screen.getByRole('button', { name: 'Edit rank B' }));
    const table = within(screen.getByRole('table'));
    fireEvent.change(table.getByRole('textbox', { name: 'In Russian' }), { target: { value: ' Эпичная ' } });
    fireEvent.change(table.getByRole('textbox', { name: 'In Japanese' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Эпичная');
    expect(sent[1]).toEqual({
      method: 'PATCH',
      url: '/admin/ranks/7',
      body: { titles: { ru: 'Эпичная', ja: null } },
    });
  });
});
