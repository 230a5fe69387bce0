import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, user } from '../test/render';
import { NavBar } from './NavBar';

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const linkTargets = () =>
  Object.fromEntries(
    within(nav())
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]),
  );

describe('NavBar', () => {
  it('offers home, anime, the language selector and a login link when signed out', () => {
    renderPage({ user: null }, <NavBar />);
    expect(linkTargets()).toEqual({ Home: '/', Anime: '/anime', 'Log in with Discord': '/auth/discord' });
    expect(within(nav()).getByRole('combobox', { name: 'Language' })).toHaveProperty('value', 'en');
  });

  it('adds characters, profile, trade and logout for a signed-in user, without admin at level 0', () => {
    renderPage({ user: user({ adminLevel: 0 }) }, <NavBar />);
    expect(linkTargets()).toEqual({
      Home: '/',
      Anime: '/anime',
      Characters: '/characters',
      Profile: '/profile',
      Trades: '/trade',
      'Log out': '/auth/logout',
    });
  });

  it.each([1, 2, 3, 4])('shows the admin link at admin level %i', (adminLevel) => {
    renderPage({ user: user({ adminLevel }) }, <NavBar />);
    expect(within(nav()).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    expect(within(nav()).queryByRole('link', { name: 'Log in with Discord' })).toBeNull();
  });

  it('speaks Russian when the page language is ru', () => {
    renderPage({ user: null, language: 'ru' }, <NavBar />);
    const ruNav = screen.getByRole('navigation', { name: 'Главное меню' });
    expect(within(ruNav).getByRole('link', { name: 'Главная' }).getAttribute('href')).toBe('/');
    expect(within(ruNav).getByRole('link', { name: 'Войти через Discord' }).getAttribute('href')).toBe(
      '/auth/discord',
    );
    expect(within(ruNav).getByRole('combobox', { name: 'Язык' })).toHaveProperty('value', 'ru');
  });

  it('marks the current page', () => {
    renderPage({ path: '/anime/5', user: null }, <NavBar />);
    expect(within(nav()).getByRole('link', { name: 'Anime' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('NavBar menu (the disclosure phones see)', () => {
  it('toggles with its button and closes on Escape, giving focus back to the button', () => {
    renderPage({ user: user({ adminLevel: 0 }) }, <NavBar />);
    const menu = within(nav()).getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(panel?.contains(within(nav()).getByRole('link', { name: 'Profile' }))).toBe(true);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hasAttribute('data-open')).toBe(false);
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hasAttribute('data-open')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });
});
