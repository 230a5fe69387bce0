import { isPersonal, routes } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import { SESSION_CHANGING_ROUTES } from './identity/session-eviction';
import { EXEMPT as CSRF_EXEMPT } from './security/csrf';
import { CLASS_OF_ROUTE } from './security/rate-limits';

/**
 * Every per-route rule of the gateway names a route of the route table: a mistyped key would
 * silently apply to nothing (a rate-limit class once did, and no test noticed).
 */
const tableKeys = new Set(routes.map((r) => `${r.method} ${r.path}`));
const tablePaths = new Set(routes.map((r) => r.path));

describe('gateway route rules name routes of the route table', () => {
  it('every rate-limit class key is a METHOD and path of the table', () => {
    const keys = Object.keys(CLASS_OF_ROUTE);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !tableKeys.has(key))).toEqual([]);
  });

  it('every CSRF exemption is a METHOD and path of the table', () => {
    expect([...CSRF_EXEMPT].filter((key) => !tableKeys.has(key))).toEqual([]);
  });

  it('every session-changing route is a path of the table', () => {
    expect([...SESSION_CHANGING_ROUTES].filter((path) => !tablePaths.has(path))).toEqual([]);
  });

  it('no route whose answer the gateway keeps (revalidated) is personal, or other than a GET', () => {
    const kept = routes.filter((r) => r.revalidated);
    expect(kept.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/characters');
    expect(kept.filter((r) => isPersonal(r) || r.method !== 'GET')).toEqual([]);
  });

  it('the check itself refuses a mistyped key', () => {
    expect(tableKeys.has('POST /api/cards/:cardId/likes')).toBe(false);
    expect(tableKeys.has('POST /api/cards/:cardId/like')).toBe(true);
  });
});
