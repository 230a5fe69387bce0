import { useLocation } from 'react-router';

/**
 * How a sign-in ended, as auth reports it on the page it returns to (`?login=failed` or
 * `?login=cancelled`); a successful one carries no parameter.
 */
export const SIGN_IN_OUTCOME_PARAMETER = 'login';
export type SignInProblem = 'failed' | 'cancelled';

export function signInProblem(search: string): SignInProblem | null {
  const value = new URLSearchParams(search).get(SIGN_IN_OUTCOME_PARAMETER);
  return value === 'failed' || value === 'cancelled' ? value : null;
}

/** The query without the sign-in outcome (`''` or `?…`). */
export function withoutSignInOutcome(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SIGN_IN_OUTCOME_PARAMETER);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The sign-in link for the page at `pathname` + `search`: auth returns the visitor there (it
 * accepts only a same-site path). The home page needs no return path; a stale outcome is dropped
 * so signing in again does not bring the old message back.
 */
export function loginHref(pathname: string, search: string): string {
  const here = `${pathname}${withoutSignInOutcome(search)}`;
  return here === '/' ? '/auth/discord' : `/auth/discord?returnTo=${encodeURIComponent(here)}`;
}

/** The sign-in link for the current page. */
export function useLoginHref(): string {
  const { pathname, search } = useLocation();
  return loginHref(pathname, search);
}
