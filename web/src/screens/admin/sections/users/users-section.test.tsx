import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectMessage, shownMessages } from '../../../../test/dialogs';
import { jsonResponse, renderPage, stubFetch, user } from '../../../../test/render';
import UsersSection from '.';

const admin = user({ id: 1, adminLevel: 3, username: 'admin_hikari' });
const fan = {
  id: 7,
  discordId: '700',
  username: 'naruto_fan',
  avatar: null,
  adminLevel: 0,
  developer: false,
};

/** The users list as the server pages it (its totals in the headers). */
const page = (rows: unknown[]) =>
  new Response(JSON.stringify(rows), {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'x-total-count': String(rows.length),
      'x-users-total': '2',
    },
  });

describe('the users section', () => {
  it.each([
    [
      'a server message',
      async () => jsonResponse({ error: 'Сервис пользователей недоступен' }, 503),
      'Сервис пользователей недоступен',
    ],
    ['a non-OK answer without one', async () => new Response('', { status: 502 }), 'Ошибка запроса'],
    [
      'no answer at all',
      async () => {
        throw new TypeError('Failed to fetch');
      },
      'Ошибка загрузки',
    ],
  ])('says a failed list load with %s as the spec does', async (_, answer, text) => {
    stubFetch(answer);
    renderPage({ user: admin, language: 'ru' }, <UsersSection />);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('saves a level with a message naming the user, and says a failed save', async () => {
    let level = 0;
    let refuse = false;
    const saves: unknown[] = [];
    stubFetch(async (url, init) => {
      if (url.startsWith('/admin/users?')) return page([{ ...fan, adminLevel: level }]);
      if (url === '/admin/users/7/adminLevel' && init?.method === 'POST') {
        if (refuse) return jsonResponse({ error: 'refused' }, 500);
        saves.push(JSON.parse(String(init.body)));
        level = 2;
        return jsonResponse({ success: true, user: { ...fan, adminLevel: 2 } });
      }
      return jsonResponse({ error: 'unexpected' }, 500);
    });
    renderPage({ user: admin, language: 'ru' }, <UsersSection />);
    const select = (await screen.findByRole('combobox', { name: /naruto_fan/ })) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await expectMessage('naruto_fan: уровень «Модератор» сохранён');
    expect(saves).toEqual([{ adminLevel: 2 }]);
    // The list is read again: the saved level is the row's own now.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /naruto_fan/ }) as HTMLSelectElement).value).toBe('2'),
    );
    refuse = true;
    fireEvent.change(screen.getByRole('combobox', { name: /naruto_fan/ }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await expectMessage('Ошибка сохранения');
    expect(shownMessages().filter((m) => m === 'Ошибка сохранения')).toHaveLength(1);
  });
});
