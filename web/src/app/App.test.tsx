import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage, stubFetch, user } from '../test/render';

const main = () => screen.getByRole('main');

describe('App screens', () => {
  beforeEach(() => {
    stubFetch(() => new Promise(() => {})); // home's stats stay loading
  });

  it.each(['/profile', '/trade', '/characters'])('shows the 403 message on %s when signed out', (path) => {
    renderPage({ path, user: null });
    expect(within(main()).getByRole('heading', { level: 1 }).textContent).toBe('403 — Access denied');
    expect(within(main()).getByText('Please sign in to view this page.')).toBeTruthy();
  });

  it('shows the 403 message in Russian too', () => {
    renderPage({ path: '/trade', user: null, language: 'ru' });
    expect(within(main()).getByRole('heading', { level: 1 }).textContent).toBe('403 — Доступ запрещён');
  });

  it.each([['/trade', 'Trades']])('marks %s as not built yet for a signed-in user', (path, title) => {
    renderPage({ path, user: user() });
    expect(within(main()).getByText('Not built yet')).toBeTruthy();
    expect(within(main()).getByRole('heading', { level: 1 }).textContent).toBe(title);
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

  it('gives administrators the admin placeholder with their level', async () => {
    renderPage({ path: '/admin', user: user({ adminLevel: 4 }) });
    expect(await within(main()).findByText('Developer')).toBeTruthy();
    expect(within(main()).getByText('Not built yet')).toBeTruthy();
  });

  it('keeps the skip link first and pointing at the main region', () => {
    renderPage({ path: '/' });
    const skip = screen.getAllByRole('link')[0]!;
    expect(skip.textContent).toBe('Skip to content');
    expect(skip.getAttribute('href')).toBe(`#${main().id}`);
  });
});
