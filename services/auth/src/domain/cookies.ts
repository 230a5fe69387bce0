/**
 * The cookies auth writes. Behind HTTPS (COOKIE_SECURE) they take the `__Host-` prefix, which
 * browsers only accept with Secure, Path=/ and no Domain: the cookie cannot be set or shadowed
 * by a sibling subdomain. The gateway reads the session cookie by the same names.
 */
export const SESSION_COOKIE = 'sid';
export const SECURE_SESSION_COOKIE = '__Host-sid';
/** Binds a sign-in in progress to the browser that started it. */
const LOGIN_COOKIE = 'acg-login';
/**
 * An anonymous visitor's session only keeps a language choice: it lives one day (docs/rules.md),
 * so sessions minted without signing in do not pile up.
 */
export const ANONYMOUS_SESSION_TTL_SECONDS = 86_400;
/** How long a visitor may stay on Discord's consent screen. */
export const LOGIN_TTL_SECONDS = 600;

export interface CookieSettings {
  name: string;
  options: {
    httpOnly: true;
    sameSite: 'lax';
    path: '/';
    secure: boolean;
    maxAge: number;
  };
}

const settings = (name: string, secure: boolean, maxAge: number): CookieSettings => ({
  name: secure ? `__Host-${name}` : name,
  // Lax, not Strict: the callback arrives as a top-level navigation from Discord and must carry them.
  options: { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge },
});

export const sessionCookie = (secure: boolean, ttlDays: number) =>
  settings(SESSION_COOKIE, secure, ttlDays * 86_400);
export const loginCookie = (secure: boolean) => settings(LOGIN_COOKIE, secure, LOGIN_TTL_SECONDS);
