import { describe, expect, it } from 'vitest';
import { loginCookie, sessionCookie } from './cookies';

describe('cookies', () => {
  it('are plain-named over http', () => {
    expect(sessionCookie(false, 30)).toEqual({
      name: 'sid',
      options: { httpOnly: true, sameSite: 'lax', path: '/', secure: false, maxAge: 30 * 86_400 },
    });
    expect(loginCookie(false).name).toBe('acg-login');
  });
  it('take the __Host- prefix and Secure behind HTTPS', () => {
    expect(sessionCookie(true, 7)).toMatchObject({
      name: '__Host-sid',
      options: { secure: true, path: '/' },
    });
    expect(loginCookie(true)).toMatchObject({
      name: '__Host-acg-login',
      options: { secure: true, maxAge: 600 },
    });
  });
});
