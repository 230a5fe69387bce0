import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm, expectMessage, shownMessages } from '../../../../test/dialogs';
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
    await expectMessage('Сохранено');
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
    await expectMessage('Удалено записей: 2');
  });

  it('refuses a duplicate title case-insensitively and adds a new one', async () => {
    const fetchMock = serve();
    renderPage({ language: 'ru' }, <FranchisesSection />);
    await waitFor(() => expect(rows()).toHaveLength(25));
    const title = screen.getByRole('textbox', { name: 'Название новой франшизы' });
    fireEvent.change(title, { target: { value: ' franchise 07 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    // Once, under the field it is about.
    expect(screen.getByRole('alert').textContent).toBe('Франшиза "Franchise 07" уже существует');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.change(title, { target: { value: ' Death Note ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(screen.getByText('Всего: 31 · выбрано: 0')).toBeTruthy());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ title: 'Death Note' });
    await expectMessage('Добавлено');
    expect(title.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's field errors under the fields they name, once, in the admin's language", async () => {
    const refusals = [
      // The platform's schema refusal: the issue's path names the field, its text is the schema's English.
      jsonResponse(
        {
          error: 'Некорректный запрос: title',
          code: 'validation_failed',
          details: {
            issues: [{ path: 'body/title', message: 'Too big: expected string to have <=300 characters' }],
          },
        },
        400,
      ),
      // A refusal worded for one field.
      jsonResponse({ error: 'Название занято', code: 'conflict', details: { field: 'title' } }, 409),
    ];
    stubFetch(async (_url, init) => {
      if ((init?.method ?? 'GET') === 'GET') return jsonResponse(initial);
      return refusals.shift() ?? jsonResponse({ error: 'unexpected' }, 500);
    });
    renderPage({ language: 'ru' }, <FranchisesSection />);
    await waitFor(() => expect(rows()).toHaveLength(25));
    const title = screen.getByRole('textbox', { name: 'Название новой франшизы' });
    fireEvent.change(title, { target: { value: 'Очень длинное' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        'Название новой франшизы: проверьте значение',
      ]),
    );
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(title);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Название занято']),
    );
    // A refusal is not also a message: it shows once, at the field.
    expect(shownMessages()).toEqual([]);
    // An inline save the server refuses names the row's field.
    fireEvent.change(screen.getByRole('textbox', { name: 'Название #30' }), {
      target: { value: 'Franchise X' },
    });
    refusals.push(
      jsonResponse(
        {
          error: 'Некорректный запрос: title',
          code: 'validation_failed',
          details: { issues: [{ path: 'body/title' }] },
        },
        400,
      ),
    );
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        'Название #30: проверьте значение',
      ),
    );
  });
});
