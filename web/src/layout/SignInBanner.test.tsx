import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginHref, signInProblem } from '../app/sign-in';
import { renderPage, stubFetch, user } from '../test/render';

const banner = () => document.querySelector('.notice-banner');

describe('the sign-in banner', () => {
  it.each([
    ['en', 'failed', 'Sign-in failed, please try again', 'Dismiss'],
    ['en', 'cancelled', 'Sign-in was cancelled', 'Dismiss'],
    ['ru', 'failed', 'Не удалось войти, попробуйте ещё раз', 'Закрыть'],
    ['ru', 'cancelled', 'Вход отменён', 'Закрыть'],
  ] as const)(
    'in %s says a %s sign-in in words, on whatever page it returned to',
    (language, outcome, text, dismiss) => {
      stubFetch(() => new Promise(() => {}));
      renderPage({ path: `/characters?login=${outcome}`, language });
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain(text);
      expect(within(alert).getByRole('button', { name: dismiss })).toBeTruthy();
    },
  );

  it('is dismissed with its button, and the outcome leaves the address (and the login link)', () => {
    stubFetch(() => new Promise(() => {}));
    renderPage({ path: '/anime?q=x&login=failed' });
    const login = () => screen.getAllByRole('link', { name: 'Log in with Discord' })[0]!.getAttribute('href');
    expect(login()).toBe(`/auth/discord?returnTo=${encodeURIComponent('/anime?q=x')}`);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(banner()).toBeNull();
    expect(login()).toBe(`/auth/discord?returnTo=${encodeURIComponent('/anime?q=x')}`);
  });

  it('is dismissed from the keyboard with Escape', () => {
    stubFetch(() => new Promise(() => {}));
    renderPage({ path: '/?login=cancelled', language: 'ru' });
    const button = screen.getByRole('button', { name: 'Закрыть' });
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(banner()).toBeNull();
  });

  it('shows nothing after a successful sign-in or for an unknown outcome', () => {
    stubFetch(() => new Promise(() => {}));
    renderPage({ path: '/profile', user: user() });
    expect(banner()).toBeNull();
    renderPage({ path: '/?login=<script>' });
    expect(banner()).toBeNull();
  });
});

describe('login links', () => {
  it('pass the current page so the sign-in returns there', () => {
    stubFetch(() => new Promise(() => {}));
    renderPage({ path: '/characters' });
    // The navigation and the 403 notice of the signed-out /characters page.
    const hrefs = screen
      .getAllByRole('link', { name: 'Log in with Discord' })
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/auth/discord?returnTo=%2Fcharacters', '/auth/discord?returnTo=%2Fcharacters']);
  });

  it.each([
    ['/', '', '/auth/discord'],
    ['/', '?login=failed', '/auth/discord'],
    ['/profile', '?tab=stats', '/auth/discord?returnTo=%2Fprofile%3Ftab%3Dstats'],
    ['/anime/12', '?login=cancelled&page=2', '/auth/discord?returnTo=%2Fanime%2F12%3Fpage%3D2'],
  ])('%s%s -> %s', (pathname, search, href) => {
    expect(loginHref(pathname, search)).toBe(href);
  });

  it('reads only the two known outcomes', () => {
    expect(signInProblem('?login=failed')).toBe('failed');
    expect(signInProblem('?login=cancelled')).toBe('cancelled');
    expect(signInProblem('?login=done')).toBeNull();
    expect(signInProblem('')).toBeNull();
  });
});
