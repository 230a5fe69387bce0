import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage, stubFetch, user } from '../test/render';

const main = () => screen.getByRole('main');

describe('App screens', () => {
  beforeEach(() => {
    stubFetch(() => new Promise(() => {})); // home's stats stay loading
  });

  it.each(['/profile', '/trade'])('shows the 403 message on %s when signed out', (path) => {
    renderPage({ path, user: null });
    expect(within(main()).getByRole('heading', { level: 1 }).textContent).toBe('403 — Access denied');
    expect(within(main()).getByText('Please sign in to view this page.')).toBeTruthy();
  });

  it('explains on /characters what signing in opens, with the sign-in button and a few cards', async () => {
    renderPage({ path: '/characters', user: null, language: 'ru' });
    expect(within(main()).getByRole('heading', { level: 1 }).textContent).toBe(
      'Войдите, чтобы увидеть всех персонажей',
    );
    expect(within(main()).getByText(/Каталог персонажей открыт коллекционерам/)).toBeTruthy();
    expect(within(main()).getByRole('link', { name: 'Войти через Discord' }).getAttribute('href')).toMatch(
      /^\/auth\/discord/,
    );
    expect(
      await within(main()).findByRole('heading', { name: 'Карточки, которые можно собрать' }),
    ).toBeTruthy();
    expect(within(main()).queryByText('403 — Доступ запрещён')).toBeNull();
  });

  it('shows the 403 message in Russian too', () => {
    renderPage({ path: '/trade', user: null, language: 'ru' });
    expect(within(main()).getByRole('heading', { level: 1 }).textContent).toBe('403 — Доступ запрещён');
  });

  it('shows the trade page to a signed-in user', async () => {
    renderPage({ path: '/trade', user: user() });
    expect((await within(main()).findByRole('heading', { level: 1 })).textContent).toBe('Trades');
    expect(within(main()).queryByText('Not built yet')).toBeNull();
  });

  it('renders home for any other path and titles the document', () => {
    renderPage({ path: '/no/such/page' });
    expect(within(main()).getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Guest!');
    expect(document.title).toBe('Home · Anime Cards');
  });

  it('shows only the level name below admin level 3', async () => {
    renderPage({ path: '/admin/users', user: user({ adminLevel: 1 }) });
    expect((await within(main()).findByText('Helper')).tagName).toBe('STRONG');
    expect(within(main()).queryByText('Not built yet')).toBeNull();
  });

  it('shows the level name in Russian', async () => {
    renderPage({ path: '/admin', user: user({ adminLevel: 2 }), language: 'ru' });
    expect(await within(main()).findByText('Модератор')).toBeTruthy();
  });

  it('gives administrators the shell: sidebar with their level, the default section translations', async () => {
    renderPage({ path: '/admin', user: user({ adminLevel: 4 }) });
    const nav = await within(main()).findByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByText('Developer').tagName).toBe('STRONG');
    expect(within(nav).getByRole('link', { name: 'Translations' }).getAttribute('aria-current')).toBe('page');
    expect(within(main()).getByRole('heading', { level: 1 }).textContent).toBe('Translations');
    expect(within(nav).getAllByRole('link')).toHaveLength(17);
  });

  it('opens the section ?tab= names, and the default for an unknown one', async () => {
    renderPage({ path: '/admin?tab=cache', user: user({ adminLevel: 3 }) });
    expect(await within(main()).findByRole('heading', { name: 'Server cache' })).toBeTruthy();
    expect(within(main()).getByRole('heading', { name: 'Browser image cache' })).toBeTruthy();
    cleanup();
    renderPage({ path: '/admin?tab=nope', user: user({ adminLevel: 3 }) });
    const nav = await within(main()).findByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Translations' }).getAttribute('aria-current')).toBe('page');
  });

  it('filters the sidebar and collapses it', async () => {
    renderPage({ path: '/admin', user: user({ adminLevel: 3 }) });
    const nav = await within(main()).findByRole('navigation', { name: 'Admin sections' });
    fireEvent.change(within(nav).getByLabelText('Filter sections'), { target: { value: 'rank' } });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Ranks']);
    fireEvent.change(within(nav).getByLabelText('Filter sections'), { target: { value: 'zzz' } });
    expect(within(nav).getByText('No section matches.')).toBeTruthy();
    const toggle = within(nav).getByRole('button', { name: 'Collapse the sidebar' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).queryByText('Administrator')).toBeNull();
  });

  it('asks a signed-out visitor to sign in instead of naming a level', async () => {
    renderPage({ path: '/admin', user: null });
    expect(await within(main()).findByText('Sign in to open the admin panel.')).toBeTruthy();
    expect(within(main()).queryByText('User')).toBeNull();
    expect(within(main()).getByRole('link', { name: 'Log in with Discord' })).toBeTruthy();
  });

  it('keeps the skip link first and pointing at the main region', () => {
    renderPage({ path: '/' });
    const skip = screen.getAllByRole('link')[0]!;
    expect(skip.textContent).toBe('Skip to content');
    expect(skip.getAttribute('href')).toBe(`#${main().id}`);
  });
});
