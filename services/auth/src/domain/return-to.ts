/**
 * Where a sign-in returns the visitor: a path on this site, never another origin (no open
 * redirect). The web client's login links pass the page they were on as `returnTo`; anything
 * that is not plainly a same-site path becomes the home page.
 */
export const HOME = '/';
export const RETURN_TO_MAX_LENGTH = 512;

const CONTROL_OR_BACKSLASH = /[\p{Cc}\\]/u;
const DUMMY_ORIGIN = 'http://return-to.invalid';

/** Starts with one `/` (not `//`, which browsers read as another host), no backslash or control character. */
const looksLikeSitePath = (value: string): boolean =>
  value.startsWith('/') && !value.startsWith('//') && !CONTROL_OR_BACKSLASH.test(value);

/**
 * The path to return to after sign-in, or `/`. The value is checked as given and once more
 * percent-decoded (so `%2F%2Fevil` or `/%5Cevil` cannot turn into another host further on), then
 * resolved against a dummy origin, which must stay that origin. Paths under /auth/ (sign-in,
 * sign-out) would loop or sign the visitor out again, so they return home as well.
 */
export function safeReturnPath(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > RETURN_TO_MAX_LENGTH) return HOME;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return HOME;
  }
  if (!looksLikeSitePath(raw) || !looksLikeSitePath(decoded)) return HOME;
  let url: URL;
  try {
    url = new URL(raw, DUMMY_ORIGIN);
  } catch {
    return HOME;
  }
  if (url.origin !== DUMMY_ORIGIN) return HOME;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** How a sign-in ended, as the web client reads it from the `login` query parameter. */
export type SignInOutcome = 'done' | 'failed' | 'cancelled';
export const OUTCOME_PARAMETER = 'login';

/**
 * The page a finished sign-in lands on: the (already safe) return path, with `?login=failed` or
 * `?login=cancelled` when it did not work so the page can say so. A stale `login` parameter in
 * the return path is dropped, so a successful sign-in never shows an old failure.
 */
export function signInLocation(returnTo: string, outcome: SignInOutcome): string {
  const url = new URL(safeReturnPath(returnTo), DUMMY_ORIGIN);
  url.searchParams.delete(OUTCOME_PARAMETER);
  if (outcome !== 'done') url.searchParams.set(OUTCOME_PARAMETER, outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}
