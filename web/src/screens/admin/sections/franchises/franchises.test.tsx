import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../../../test/dialogs';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import FranchisesSection from '.';

const initial = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  title: `Franchise ${String(i + 1).padStart(2, '0')}`,
}));

/** The server: its franchise list changes with the writes it accepts. */
function serve() {
  let franchises = [...initial];
  const idOf = (url: string) => Number(url.split('/').at(-1));
  return stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/admin/franchises') return jsonResponse(franchises);
    if (method === 'POST' && url === '/admin/franchises') {
      const body = JSON.parse(String(init?.body)) as { title: string };
      franchises = [...franchises, { id: 99, title: body.title }];
      return jsonResponse({ id: 99, title: body.title }, 201);
    }
    if (method === 'PATCH') {
      const body = JSON.parse(String(init?.body)) as { title: string };
      franchises = franchises.map((f) => (f.id === idOf(url) ? { ...f, title: body.title } : f));
      return jsonResponse({ id: idOf(url), title: body.title });
    }
    if (method === 'DELETE') {
      franchises = franchises.filter((f) => f.id !== idOf(url));
      return jsonResponse({ success: true });
    }
    return jsonResponse({ error: 'unexpected' }, 500);
  });
}

const rows = () => screen.getAllByRole('row').slice(1);
const headerBox = () =>
  screen.getByRole('checkbox', { name: 'Выбрать всех на странице' }) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the franchise section (table kit in use)', () => {
  it('lists by id descending, 25 a page, with page buttons and a page size choice', async () => {
    serve();
    renderPage({ language: 'ru' }, <FranchisesSection />);
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(within(rows()[0]!).getAllByRole('cell')[1]!.textContent).toBe('30');
    expect(screen.getByText('Всего: 30 · выбрано: 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    // Changing the page size returns to page 1.
    fireEvent.change(screen.getByRole('combobox', { name: 'На странице' }), { target: { value: '10' } });
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(within(rows()[0]!).getAllByRole('cell')[1]!.textContent).toBe('30');
    // Sorting by title: a new column starts ascending, a second click flips it.
    fireEvent.click(screen.getByRole('button', { name: 'Сортировать по: Название' }));
    expect(within(rows()[0]!).getAllByRole('cell')[1]!.textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Сортировать по: Название' }));
    expect(within(rows()[0]!).getAllByRole('cell')[1]!.textContent).toBe('30');
  });

  it('shows an indeterminate header checkbox for a partly selected page and selects the page', async () => {
    serve();
    renderPage({ language: 'ru' }, <FranchisesSection />);
    await waitFor(() => expect(rows()).toHaveLength(25));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать Franchise 30' }));
    expect(headerBox().indeterminate).toBe(true);
    expect(headerBox().checked).toBe(false);
    fireEvent.click(headerBox());
    expect(headerBox().indeterminate).toBe(false);
    expect(headerBox().checked).toBe(true);
    expect(screen.getByText('Всего: 30 · выбрано: 25')).toBeTruthy();
  });

  it('edits a title inline: save only once edited, saving, then unchanged again', async () => {
    const fetchMock = serve();
    renderPage({ language: 'ru' }, <FranchisesSection />);
    await waitFor(() => expect(rows()).toHaveLength(25));
    const save = () => within(rows()[0]!).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    const input = screen.getByRole('textbox', { name: 'Название #30' });
    fireEvent.change(input, { target: { value: 'Franchise thirty' } });
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await waitFor(() => expect(save().disabled).toBe(true));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe('/admin/franchises/30');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ title: 'Franchise thirty' });
    expect((screen.getByRole('textbox', { name: 'Название #30' }) as HTMLInputElement).value).toBe(
      'Franchise thirty',
    );
  });

  it('deletes the selected franchises after a confirmation naming them, one call each', async () => {
    const fetchMock = serve();
    renderPage({ language: 'ru' }, <FranchisesSection />);
    await waitFor(() => expect(rows()).toHaveLength(25));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать Franchise 30' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать Franchise 29' }));
    fireEvent.click(screen.getByRole('button', { name: 'Удалить выбранные (2)' }));
    await answerConfirm(
      true,
      'Удалить выбранные (2): Franchise 29, Franchise 30? Это действие нельзя отменить.',
    );
    await waitFor(() => expect(screen.getByText('Всего: 28 · выбрано: 0')).toBeTruthy());
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url);
    expect(deletes).toEqual(['/admin/franchises/29', '/admin/franchises/30']);
  });

  it('refuses a duplicate title case-insensitively and adds a new one', async () => {
    const fetchMock = serve();
    renderPage({ language: 'ru' }, <FranchisesSection />);
    await waitFor(() => expect(rows()).toHaveLength(25));
    const title = screen.getByRole('textbox', { name: 'Название новой франшизы' });
    fireEvent.change(title, { target: { value: ' franchise 07 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(screen.getByRole('alert').textContent).toBe('Франшиза "Franchise 07" уже существует');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.change(title, { target: { value: ' Death Note ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(screen.getByText('Всего: 31 · выбрано: 0')).toBeTruthy());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ title: 'Death Note' });
  });
});
