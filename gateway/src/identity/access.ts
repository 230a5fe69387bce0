import { type Access, ADMIN_LEVEL } from '@acg/contracts';
import {
  AuthenticationError,
  AuthorizationError,
  alreadyLogged,
  text,
  UnavailableError,
} from '@acg/platform';
import type { Visitor } from './visitor';

/**
 * The route table's access rule, checked at the edge (services check again). When auth could
 * not be asked, a route that needs a user answers 503: the visitor may be signed in, and a 401
 * would wrongly tell the browser it is not.
 */
export function enforceAccess(access: Access, visitor: Visitor): void {
  if (access === 'public') return;
  // The session resolver has logged why auth could not be asked (at most once a second).
  if (visitor.unknown) throw alreadyLogged(new UnavailableError(undefined, { service: 'auth' }));
  if (visitor.identity.userId === null) throw new AuthenticationError();
  if (access === 'admin' && visitor.identity.adminLevel < ADMIN_LEVEL) {
    throw new AuthorizationError(text('platform.adminRequired'));
  }
}
